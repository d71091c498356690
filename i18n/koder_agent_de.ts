<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AbstractBubble</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Abzweigen</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <translation>
            <numerusform>%n s nachgedacht</numerusform>
            <numerusform>%n s nachgedacht</numerusform>
        </translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Überlegungen</translation>
    </message>
    <message>
        <source>The assistant is writing a reply</source>
        <translation>Der Assistent schreibt eine Antwort</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Deine Nachricht</translation>
    </message>
    <message>
        <source>Result of the tool %1</source>
        <translation>Ergebnis des Werkzeugs %1</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Systemnachricht</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Prüfpunkt</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Nachricht des Assistenten</translation>
    </message>
    <message>
        <source>Earlier messages summarised (%1)</source>
        <translation>Frühere Nachrichten zusammengefasst (%1)</translation>
    </message>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Frühere Nachrichten zusammengefasst</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Summary of the earlier messages</source>
        <translation>Zusammenfassung der früheren Nachrichten</translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>Vorlesen beenden</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Vorlesen</translation>
    </message>
</context>
<context>
    <name>AbstractChatView</name>
    <message>
        <source>How can I help?</source>
        <translation>Wie kann ich helfen?</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <source>Tool %1: denied</source>
        <translation>Werkzeug %1: abgelehnt</translation>
    </message>
    <message>
        <source>Tool %1: result</source>
        <translation>Werkzeug %1: Ergebnis</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Überlegung: %1</translation>
    </message>
    <message>
        <source>Tool call %1</source>
        <translation>Werkzeugaufruf %1</translation>
    </message>
    <message>
        <source>Calls %1</source>
        <translation>Ruft %1 auf</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>Schreibt</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>Nachricht kopieren</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>Antwort neu erzeugen</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Nachricht bearbeiten</translation>
    </message>
    <message>
        <source>Branch the conversation here</source>
        <translation>Gespräch hier abzweigen</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Vorherige Version</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Version %1 von %2</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Nächste Version</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n Token</numerusform>
            <numerusform>%n Token</numerusform>
        </translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Waiting for approval</source>
        <translation>Wartet auf Freigabe</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>Weniger zeigen</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Alle zeigen</translation>
    </message>
    <message>
        <source>Show fewer arguments</source>
        <translation>Weniger Argumente zeigen</translation>
    </message>
    <message>
        <source>Show all arguments</source>
        <translation>Alle Argumente zeigen</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Show less of the result</source>
        <translation>Weniger vom Ergebnis zeigen</translation>
    </message>
    <message>
        <source>Show the whole result</source>
        <translation>Das ganze Ergebnis zeigen</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Websuche</translation>
    </message>
    <message>
        <source>File search</source>
        <translation>Dateisuche</translation>
    </message>
    <message>
        <source>MCP tool %1</source>
        <translation>MCP-Werkzeug %1</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>MCP-Werkzeug</translation>
    </message>
    <message>
        <source>MCP tool list</source>
        <translation>MCP-Werkzeugliste</translation>
    </message>
    <message>
        <source>MCP approval request</source>
        <translation>MCP-Freigabeanfrage</translation>
    </message>
    <message>
        <source>Code interpreter</source>
        <translation>Code-Interpreter</translation>
    </message>
    <message>
        <source>Custom tool %1</source>
        <translation>Eigenes Werkzeug %1</translation>
    </message>
    <message>
        <source>Custom tool</source>
        <translation>Eigenes Werkzeug</translation>
    </message>
    <message>
        <source>Server tool</source>
        <translation>Server-Werkzeug</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Sucht</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Unvollständig</translation>
    </message>
    <message>
        <source>Tool run by the server: %1, %2</source>
        <translation>Vom Server ausgeführtes Werkzeug: %1, %2</translation>
    </message>
    <message>
        <source>Tool run by the server: %1</source>
        <translation>Vom Server ausgeführtes Werkzeug: %1</translation>
    </message>
    <message>
        <source>Run by the server</source>
        <translation>Vom Server ausgeführt</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>Eingabe: %1</translation>
    </message>
    <message>
        <source>Show all of the input</source>
        <translation>Die ganze Eingabe zeigen</translation>
    </message>
    <message>
        <source>Show less of the input</source>
        <translation>Weniger von der Eingabe zeigen</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>Ausgabe: %1</translation>
    </message>
    <message>
        <source>Show all of the output</source>
        <translation>Die ganze Ausgabe zeigen</translation>
    </message>
    <message>
        <source>Show less of the output</source>
        <translation>Weniger von der Ausgabe zeigen</translation>
    </message>
    <message>
        <source>Show all of the error</source>
        <translation>Den ganzen Fehler zeigen</translation>
    </message>
    <message>
        <source>Show less of the error</source>
        <translation>Weniger vom Fehler zeigen</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Wartet auf deine Antwort</translation>
    </message>
    <message>
        <source>Running, %1</source>
        <translation>Läuft, %1</translation>
    </message>
    <message>
        <source>Running, %1 of %2</source>
        <translation>Läuft, %1 von %2</translation>
    </message>
    <message>
        <source>The summary is shown</source>
        <translation>Die Zusammenfassung wird angezeigt</translation>
    </message>
    <message>
        <source>Shows the summary</source>
        <translation>Zeigt die Zusammenfassung</translation>
    </message>
    <message>
        <source>Undo the summary</source>
        <translation>Zusammenfassung rückgängig machen</translation>
    </message>
    <message>
        <source>The earlier messages are sent to the model again</source>
        <translation>Die früheren Nachrichten werden wieder an das Modell gesendet</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Zusammenfassung: %1</translation>
    </message>
    <message>
        <source>Cut off at the model&apos;s length limit</source>
        <translation>Am Längenlimit des Modells abgeschnitten</translation>
    </message>
    <message>
        <source>Continue the reply</source>
        <translation>Antwort fortsetzen</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Conversation</source>
        <translation>Gespräch</translation>
    </message>
    <message>
        <source>Jump to latest</source>
        <translation>Zur neuesten Nachricht</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Nachricht bearbeiten</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>Nachrichtentext</translation>
    </message>
    <message>
        <source>Summarising earlier messages</source>
        <translation>Frühere Nachrichten werden zusammengefasst</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Frühere Nachrichten werden zusammengefasst…</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>Verdichten</translation>
    </message>
    <message>
        <source>Compact the conversation</source>
        <translation>Gespräch verdichten</translation>
    </message>
    <message>
        <source>Summarises the earlier messages to free the model&apos;s context</source>
        <translation>Fasst die früheren Nachrichten zusammen, um im Kontext des Modells Platz zu schaffen</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>Nicht zusammengefasst: %1</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens (%3%)</source>
        <translation>Kontext: %1 von %2 Token (%3 %)</translation>
    </message>
    <message>
        <source>Context: about %1 of %2 tokens (%3%)</source>
        <translation>Kontext: etwa %1 von %2 Token (%3 %)</translation>
    </message>
</context>
<context>
    <name>KoderAgentController</name>
    <message>
        <source>A reply is still in progress.</source>
        <translation>Eine Antwort läuft noch.</translation>
    </message>
    <message>
        <source>There is no reply in progress.</source>
        <translation>Es läuft keine Antwort.</translation>
    </message>
    <message>
        <source>There is no message with that id.</source>
        <translation>Es gibt keine Nachricht mit dieser ID.</translation>
    </message>
    <message>
        <source>Only your own messages can be edited.</source>
        <translation>Nur eigene Nachrichten können bearbeitet werden.</translation>
    </message>
    <message>
        <source>That message is not a checkpoint.</source>
        <translation>Diese Nachricht ist kein Prüfpunkt.</translation>
    </message>
    <message>
        <source>That message is still being written.</source>
        <translation>Diese Nachricht wird noch geschrieben.</translation>
    </message>
    <message>
        <source>There is no message of yours to answer.</source>
        <translation>Es gibt keine Nachricht von dir, auf die geantwortet werden kann.</translation>
    </message>
    <message>
        <source>No tool call with that id is waiting for a decision.</source>
        <translation>Kein Werkzeugaufruf mit dieser ID wartet auf eine Entscheidung.</translation>
    </message>
    <message>
        <source>The messages are not valid.</source>
        <translation>Die Nachrichten sind ungültig.</translation>
    </message>
    <message>
        <source>The value is not valid.</source>
        <translation>Der Wert ist ungültig.</translation>
    </message>
    <message>
        <source>Unknown auto-accept mode &quot;%1&quot;: use always, never or onlyRead.</source>
        <translation>Unbekannter Modus für automatisches Zulassen „%1“: Erlaubt sind always, never oder onlyRead.</translation>
    </message>
    <message>
        <source>This conversation could not be loaded, so it is read-only until it is deleted or replaced.</source>
        <translation>Dieses Gespräch konnte nicht geladen werden und ist daher schreibgeschützt, bis es gelöscht oder ersetzt wird.</translation>
    </message>
    <message>
        <source>Unknown policy &quot;%1&quot; for the tool &quot;%2&quot;: use ask, allow or deny.</source>
        <translation>Unbekannte Regel „%1“ für das Werkzeug „%2“: Erlaubt sind ask, allow oder deny.</translation>
    </message>
    <message>
        <source>The options must be an object like {scope: &quot;once&quot;}.</source>
        <translation>Die Optionen müssen ein Objekt sein, etwa {scope: &quot;once&quot;}.</translation>
    </message>
    <message>
        <source>Unknown scope &quot;%1&quot;: use once, conversation or always.</source>
        <translation>Unbekannter Geltungsbereich „%1“: Erlaubt sind once, conversation oder always.</translation>
    </message>
    <message>
        <source>Edited arguments apply to one call: use approveToolCall().</source>
        <translation>Bearbeitete Argumente gelten für einen Aufruf: Verwende approveToolCall().</translation>
    </message>
    <message>
        <source>The arguments must be an object (or its JSON text).</source>
        <translation>Die Argumente müssen ein Objekt sein (oder dessen JSON-Text).</translation>
    </message>
    <message>
        <source>Unknown busy policy &quot;%1&quot;: use reject, queue, interrupt or steer.</source>
        <translation>Unbekannte Regel für Senden während einer Antwort „%1“: Erlaubt sind reject, queue, interrupt oder steer.</translation>
    </message>
    <message>
        <source>Too many replies are running in other conversations. Wait for one to finish, or open one and stop it.</source>
        <translation>In anderen Gesprächen laufen zu viele Antworten. Warte, bis eine fertig ist, oder öffne eine und stoppe sie.</translation>
    </message>
    <message>
        <source>No question with that id is waiting for an answer.</source>
        <translation>Keine Frage mit dieser ID wartet auf eine Antwort.</translation>
    </message>
    <message>
        <source>There is nothing to summarise before the latest exchange.</source>
        <translation>Vor dem letzten Wortwechsel gibt es nichts zusammenzufassen.</translation>
    </message>
    <message>
        <source>The conversation is being summarised already.</source>
        <translation>Das Gespräch wird bereits zusammengefasst.</translation>
    </message>
    <message>
        <source>That message is not a summary.</source>
        <translation>Diese Nachricht ist keine Zusammenfassung.</translation>
    </message>
    <message>
        <source>Only the last reply, when the model&apos;s output limit cut it off, can be continued.</source>
        <translation>Nur die letzte Antwort kann fortgesetzt werden, und nur wenn das Ausgabelimit des Modells sie abgeschnitten hat.</translation>
    </message>
</context>
<context>
    <name>KoderAttachmentHelper</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>%1 lässt sich nicht lesen: %2.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>Datei nicht vorhanden</translation>
    </message>
    <message>
        <source>%1 cannot be attached: only files can.</source>
        <translation>%1 lässt sich nicht anhängen: Nur Dateien sind möglich.</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>Die Datei</translation>
    </message>
    <message>
        <source>%1 (%2) cannot be attached: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>%1 (%2) lässt sich nicht anhängen: Nur PNG-, JPEG-, GIF- und WebP-Bilder sowie Textdateien sind möglich.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>unbekannter Typ</translation>
    </message>
    <message>
        <source>%1 (%2) is larger than %3, the most a file may have.</source>
        <translation>%1 (%2) ist größer als %3, die Höchstgröße einer Datei.</translation>
    </message>
    <message>
        <source>Pasted image.png</source>
        <translation>Eingefügtes Bild.png</translation>
    </message>
</context>
<context>
    <name>KoderAttachments</name>
    <message>
        <source>Attachments must be a list of {name, mimeType, url}.</source>
        <translation>Anhänge müssen eine Liste von {name, mimeType, url} sein.</translation>
    </message>
    <message>
        <source>Each attachment must be an object with name, mimeType and url.</source>
        <translation>Jeder Anhang muss ein Objekt mit name, mimeType und url sein.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>The attachment %1 has no url.</source>
        <translation>Der Anhang %1 hat keine URL.</translation>
    </message>
    <message>
        <source>The attachment %1 is a data: URL without data.</source>
        <translation>Der Anhang %1 ist eine data:-URL ohne Daten.</translation>
    </message>
    <message>
        <source>The attachment %1 is larger than %2.</source>
        <translation>Der Anhang %1 ist größer als %2.</translation>
    </message>
    <message>
        <source>The attachment %1 is not valid base64.</source>
        <translation>Der Anhang %1 ist kein gültiges Base64.</translation>
    </message>
    <message>
        <source>The attachment %1 cannot be read: %2</source>
        <translation>Der Anhang %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>Datei nicht vorhanden</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address: only images are sent by address (a model cannot fetch other files).</source>
        <translation>Der Anhang %1 ist eine Webadresse: Nur Bilder werden per Adresse gesendet (ein Modell kann andere Dateien nicht abrufen).</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address, and this model takes images as data only: attach the file instead.</source>
        <translation>Der Anhang %1 ist eine Webadresse, und dieses Modell nimmt Bilder nur als Daten an: Hänge stattdessen die Datei an.</translation>
    </message>
    <message>
        <source>The attachment %1 has a url the library cannot read (%2): use file:, data: or http(s):.</source>
        <translation>Der Anhang %1 hat eine URL, die die Bibliothek nicht lesen kann (%2): Verwende file:, data: oder http(s):.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>Der Anhang %1 (%2) kann nicht an ein Modell gesendet werden: Nur PNG-, JPEG-, GIF- und WebP-Bilder sowie Textdateien sind möglich.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>unbekannter Typ</translation>
    </message>
    <message>
        <source>The attachment %1 was not attached here.</source>
        <translation>Der Anhang %1 wurde hier nicht angehängt.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images, PDF documents and text files can.</source>
        <translation>Der Anhang %1 (%2) kann nicht an ein Modell gesendet werden: Nur PNG-, JPEG-, GIF- und WebP-Bilder, PDF-Dokumente sowie Textdateien sind möglich.</translation>
    </message>
</context>
<context>
    <name>KoderConversationStore</name>
    <message>
        <source>Cannot open the conversation store %1: %2</source>
        <translation>Der Gesprächsspeicher %1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1 is not a usable conversation store: %2</source>
        <translation>%1 ist kein nutzbarer Gesprächsspeicher: %2</translation>
    </message>
    <message>
        <source>The in-memory database</source>
        <translation>Die Datenbank im Arbeitsspeicher</translation>
    </message>
    <message>
        <source>%1 was written by a newer version (schema %2); this version reads up to schema %3. It was left untouched.</source>
        <translation>%1 wurde von einer neueren Version geschrieben (Schema %2); diese Version liest bis Schema %3. Die Datei bleibt unverändert.</translation>
    </message>
    <message>
        <source>Cannot migrate %1: %2</source>
        <translation>%1 lässt sich nicht migrieren: %2</translation>
    </message>
    <message>
        <source>Cannot migrate %1 to schema %2: %3</source>
        <translation>%1 lässt sich nicht auf Schema %2 migrieren: %3</translation>
    </message>
    <message>
        <source>The conversation store is not open.</source>
        <translation>Der Gesprächsspeicher ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Cannot save the conversation: %1</source>
        <translation>Das Gespräch lässt sich nicht speichern: %1</translation>
    </message>
    <message>
        <source>Cannot read the conversation: %1</source>
        <translation>Das Gespräch lässt sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>The stored message %1 has an unknown role.</source>
        <translation>Die gespeicherte Nachricht %1 hat eine unbekannte Rolle.</translation>
    </message>
    <message>
        <source>Cannot list the conversations: %1</source>
        <translation>Die Gespräche lassen sich nicht auflisten: %1</translation>
    </message>
    <message>
        <source>Cannot rename the conversation: %1</source>
        <translation>Das Gespräch lässt sich nicht umbenennen: %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Es gibt kein Gespräch %1.</translation>
    </message>
    <message>
        <source>Cannot delete the conversation: %1</source>
        <translation>Das Gespräch lässt sich nicht löschen: %1</translation>
    </message>
    <message>
        <source>The conversation cannot be imported: %1</source>
        <translation>Das Gespräch lässt sich nicht importieren: %1</translation>
    </message>
    <message>
        <source>The details (tool calls, attachments, ...) of the stored message %1 cannot be read: %2. Its text is shown.</source>
        <translation>Die Details (Werkzeugaufrufe, Anhänge, …) der gespeicherten Nachricht %1 lassen sich nicht lesen: %2. Ihr Text wird angezeigt.</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its message %2, off the active path, is damaged (%3: %4).</source>
        <translation>Das gespeicherte Gespräch %1 lässt sich nicht lesen: Seine Nachricht %2 außerhalb des aktiven Verlaufs ist beschädigt (%3: %4).</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its versions are damaged (%2).</source>
        <translation>Das gespeicherte Gespräch %1 lässt sich nicht lesen: Seine Versionen sind beschädigt (%2).</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost what it waited for: %2</source>
        <translation>Das gespeicherte Gespräch %1 hat verloren, worauf es wartete: %2</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost its queued messages: %2</source>
        <translation>Das gespeicherte Gespräch %1 hat seine wartenden Nachrichten verloren: %2</translation>
    </message>
    <message>
        <source>Cannot mark the conversation: %1</source>
        <translation>Das Gespräch lässt sich nicht markieren: %1</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <extracomment>An image of a message in an exported conversation, never loaded; %1 is its address.</extracomment>
        <translation>[Bild: %1]</translation>
    </message>
    <message>
        <source>Conversation</source>
        <extracomment>The title of an exported conversation that has none.</extracomment>
        <translation>Gespräch</translation>
    </message>
    <message>
        <source>You</source>
        <extracomment>Heading of the user&apos;s messages in an exported conversation.</extracomment>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Assistant</source>
        <extracomment>Heading of the model&apos;s replies in an exported conversation.</extracomment>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Tool result</source>
        <extracomment>Heading of what a tool returned in an exported conversation.</extracomment>
        <translation>Werkzeugergebnis</translation>
    </message>
    <message>
        <source>Summary</source>
        <extracomment>Heading of a summary of earlier messages (context compaction) in an export.</extracomment>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <extracomment>Before the name of a tool the model called, in an exported conversation.</extracomment>
        <translation>Werkzeugaufruf: %1</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <extracomment>Before the name of the tool whose result follows, in an exported conversation.</extracomment>
        <translation>Werkzeug: %1</translation>
    </message>
    <message>
        <source>The tool reported an error.</source>
        <extracomment>Under the heading of a tool result the tool marked as an error, in an export.</extracomment>
        <translation>Das Werkzeug hat einen Fehler gemeldet.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <extracomment>A reply that ended with an error, in an exported conversation; %1 is the error.</extracomment>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Stopped before the end.</source>
        <extracomment>A reply the user stopped before it was complete, in an exported conversation.</extracomment>
        <translation>Vor dem Ende angehalten.</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <extracomment>The collapsed part of an exported reply that holds the model&apos;s reasoning.</extracomment>
        <translation>Überlegungen</translation>
    </message>
</context>
<context>
    <name>KoderDictation</name>
    <message>
        <source>No transcription service is set.</source>
        <translation>Es ist kein Transkriptionsdienst eingestellt.</translation>
    </message>
    <message>
        <source>No microphone was found.</source>
        <translation>Es wurde kein Mikrofon gefunden.</translation>
    </message>
    <message>
        <source>The microphone went away during the recording.</source>
        <translation>Das Mikrofon ist während der Aufnahme verschwunden.</translation>
    </message>
    <message>
        <source>The transcription was cancelled.</source>
        <translation>Die Transkription wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>KoderHttpTransport</name>
    <message>
        <source>The model declined to answer.</source>
        <translation>Das Modell hat die Antwort abgelehnt.</translation>
    </message>
    <message>
        <source>%1 has no baseUrl.</source>
        <translation>%1 hat keine baseUrl.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>Der Server hat auf einen anderen Ursprung umgeleitet (%1); die Anfrage wurde nicht dorthin gesendet.</translation>
    </message>
    <message>
        <source>The server sent nothing for %1 ms.</source>
        <translation>Der Server hat %1 ms lang nichts gesendet.</translation>
    </message>
</context>
<context>
    <name>KoderLiveRegion</name>
    <message>
        <source>Reply started</source>
        <translation>Antwort begonnen</translation>
    </message>
    <message>
        <source>Reply finished</source>
        <translation>Antwort fertig</translation>
    </message>
    <message>
        <source>Reply stopped</source>
        <translation>Antwort angehalten</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>A tool call needs your approval</source>
        <translation>Ein Werkzeugaufruf braucht deine Zustimmung</translation>
    </message>
    <message>
        <source>Your message was added to the running reply</source>
        <translation>Deine Nachricht wurde der laufenden Antwort hinzugefügt</translation>
    </message>
    <message>
        <source>The agent asks you a question</source>
        <translation>Der Agent stellt dir eine Frage</translation>
    </message>
    <message>
        <source>The conversation fills %1% of the model&apos;s context</source>
        <translation>Das Gespräch füllt %1 % des Kontexts des Modells</translation>
    </message>
</context>
<context>
    <name>KoderMcpServer</name>
    <message>
        <source>Another MCP server of this controller has the name &quot;%1&quot;.</source>
        <translation>Ein anderer MCP-Server dieses Controllers hat bereits den Namen „%1“.</translation>
    </message>
    <message>
        <source>The MCP configuration is not JSON: %1</source>
        <translation>Die MCP-Konfiguration ist kein JSON: %1</translation>
    </message>
    <message>
        <source>The MCP configuration has no &quot;mcpServers&quot; object.</source>
        <translation>Die MCP-Konfiguration hat kein Objekt „mcpServers“.</translation>
    </message>
    <message>
        <source>MCP server &quot;%1&quot; needs either a command or a url.</source>
        <translation>Der MCP-Server „%1“ braucht entweder einen Befehl oder eine URL.</translation>
    </message>
    <message>
        <source>The MCP configuration %1 cannot be read: %2</source>
        <translation>Die MCP-Konfiguration %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>Listing the tools failed: %1</source>
        <translation>Das Auflisten der Werkzeuge ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The handshake failed: %1</source>
        <translation>Der Verbindungsaufbau ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The server was stopped.</source>
        <translation>Der Server wurde angehalten.</translation>
    </message>
    <message>
        <source>The server has no name.</source>
        <translation>Der Server hat keinen Namen.</translation>
    </message>
    <message>
        <source>Set either command or url, not both.</source>
        <translation>Setze entweder command oder url, nicht beides.</translation>
    </message>
    <message>
        <source>The url must be http or https.</source>
        <translation>Die url muss eine http- oder https-Adresse sein.</translation>
    </message>
    <message>
        <source>The server is not ready (%1).</source>
        <translation>Der Server ist nicht bereit (%1).</translation>
    </message>
    <message>
        <source>The server lists more than %1 items in %2.</source>
        <translation>Der Server listet mehr als %1 Einträge in %2.</translation>
    </message>
    <message>
        <source>The server was removed.</source>
        <translation>Der Server wurde entfernt.</translation>
    </message>
</context>
<context>
    <name>KoderSpeech</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>Es ist keine Sprachausgabe verfügbar.</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Codeblock.</translation>
    </message>
    <message>
        <source>Code block in %1.</source>
        <translation>Codeblock in %1.</translation>
    </message>
</context>
<context>
    <name>KoderText</name>
    <message>
        <source>[image: %1]</source>
        <translation>[Bild: %1]</translation>
    </message>
</context>
<context>
    <name>KoderToolResult</name>
    <message>
        <source>Denied by the tool&apos;s policy: it was not run.</source>
        <translation>Durch die Regel des Werkzeugs abgelehnt: Es wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>Der Benutzer hat diesen Werkzeugaufruf abgelehnt.</translation>
    </message>
    <message>
        <source>Not completed: the app closed while the tool ran.</source>
        <translation>Nicht abgeschlossen: Die App wurde geschlossen, während das Werkzeug lief.</translation>
    </message>
    <message>
        <source>Not run: the app closed before the call was decided.</source>
        <translation>Nicht ausgeführt: Die App wurde geschlossen, bevor über den Aufruf entschieden war.</translation>
    </message>
    <message>
        <source>Not run: the user added a message first.</source>
        <translation>Nicht ausgeführt: Der Benutzer hat zuerst eine Nachricht hinzugefügt.</translation>
    </message>
    <message>
        <source>Not run: the turn reached its step limit.</source>
        <translation>Nicht ausgeführt: Die Antwort hat ihre Höchstzahl an Schritten erreicht.</translation>
    </message>
    <message>
        <source>Denied: the user sent a new message instead.</source>
        <translation>Abgelehnt: Der Benutzer hat stattdessen eine neue Nachricht gesendet.</translation>
    </message>
    <message>
        <source>Cancelled: the user sent a new message while the tool ran.</source>
        <translation>Abgebrochen: Der Benutzer hat eine neue Nachricht gesendet, während das Werkzeug lief.</translation>
    </message>
    <message>
        <source>Not run: the turn ended before the call was decided.</source>
        <translation>Nicht ausgeführt: Die Antwort endete, bevor über den Aufruf entschieden war.</translation>
    </message>
    <message>
        <source>Not completed: the turn ended while the tool ran.</source>
        <translation>Nicht abgeschlossen: Die Antwort endete, während das Werkzeug lief.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped.</source>
        <translation>Abgebrochen: Die Antwort wurde angehalten.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped while the tool ran.</source>
        <translation>Abgebrochen: Die Antwort wurde angehalten, während das Werkzeug lief.</translation>
    </message>
    <message>
        <source>The user denied this tool call. Reason: %1</source>
        <translation>Der Benutzer hat diesen Werkzeugaufruf abgelehnt. Grund: %1</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;: it was not run.</source>
        <translation>Unbekanntes Werkzeug „%1“: Es wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The user declined to answer.</source>
        <translation>Der Benutzer hat die Antwort abgelehnt.</translation>
    </message>
</context>
<context>
    <name>KoderTranscriber</name>
    <message>
        <source>A transcription is running already.</source>
        <translation>Es läuft bereits eine Transkription.</translation>
    </message>
    <message>
        <source>No transcription server is set.</source>
        <translation>Es ist kein Transkriptionsserver eingestellt.</translation>
    </message>
    <message>
        <source>The transcription server redirected to another origin (%1); the recording was not sent there.</source>
        <translation>Der Transkriptionsserver hat auf einen anderen Ursprung (%1) umgeleitet; die Aufnahme wurde nicht dorthin gesendet.</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer is too large.</source>
        <translation>Die Antwort des Transkriptionsservers ist zu groß.</translation>
    </message>
    <message>
        <source>The transcription server refused the key (HTTP %1).</source>
        <translation>Der Transkriptionsserver hat den Schlüssel abgelehnt (HTTP %1).</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1.</source>
        <translation>Der Transkriptionsserver hat mit HTTP %1 geantwortet.</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1: %2</source>
        <translation>Der Transkriptionsserver hat mit HTTP %1 geantwortet: %2</translation>
    </message>
    <message>
        <source>The transcription server (%1) did not answer in time.</source>
        <translation>Der Transkriptionsserver (%1) hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The transcription server (%1) cannot be reached.</source>
        <translation>Der Transkriptionsserver (%1) ist nicht erreichbar.</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer holds no text.</source>
        <translation>Die Antwort des Transkriptionsservers enthält keinen Text.</translation>
    </message>
    <message>
        <source>The connection to the transcription server (%1) was closed: its network access manager was deleted.</source>
        <translation>Die Verbindung zum Transkriptionsserver (%1) wurde geschlossen: Sein Netzwerkzugriffsmanager wurde gelöscht.</translation>
    </message>
</context>
<context>
    <name>McpHttpChannel</name>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>Der Server hat eine Nachricht gesendet, die größer als %1 Byte ist.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>Der Server hat auf einen anderen Ursprung umgeleitet (%1); die Anfrage wurde nicht dorthin gesendet.</translation>
    </message>
    <message>
        <source>The server ended the session.</source>
        <translation>Der Server hat die Sitzung beendet.</translation>
    </message>
    <message>
        <source>The server&apos;s answer ended without a result.</source>
        <translation>Die Antwort des Servers endete ohne Ergebnis.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1.</source>
        <translation>Der Server hat mit HTTP %1 geantwortet.</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not a JSON-RPC response to the request.</source>
        <translation>Die Antwort des Servers ist keine JSON-RPC-Antwort auf die Anfrage.</translation>
    </message>
</context>
<context>
    <name>McpSession</name>
    <message>
        <source>The server did not answer in time.</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet.</translation>
    </message>
</context>
<context>
    <name>McpStdioChannel</name>
    <message>
        <source>The server could not be started: %1</source>
        <translation>Der Server konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>The server crashed.</source>
        <translation>Der Server ist abgestürzt.</translation>
    </message>
    <message>
        <source>The server exited with code %1.</source>
        <translation>Der Server wurde mit dem Code %1 beendet.</translation>
    </message>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>Der Server hat eine Nachricht gesendet, die größer als %1 Byte ist.</translation>
    </message>
</context>
<context>
    <name>MicrophoneInput</name>
    <message>
        <source>No microphone was found.</source>
        <translation>Es wurde kein Mikrofon gefunden.</translation>
    </message>
    <message>
        <source>The microphone stopped working.</source>
        <translation>Das Mikrofon funktioniert nicht mehr.</translation>
    </message>
    <message>
        <source>The microphone could not be opened. Is it in use, or was access to it denied?</source>
        <translation>Das Mikrofon konnte nicht geöffnet werden. Wird es gerade verwendet, oder wurde der Zugriff verweigert?</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>The tool %1 wants to run</source>
        <translation>Das Werkzeug %1 möchte ausgeführt werden</translation>
    </message>
    <message>
        <source>It only reads.</source>
        <translation>Es liest nur.</translation>
    </message>
    <message>
        <source>It can change things.</source>
        <translation>Es kann etwas verändern.</translation>
    </message>
    <message>
        <source>Allow the tool &quot;%1&quot; to run?</source>
        <translation>Darf das Werkzeug „%1“ ausgeführt werden?</translation>
    </message>
    <message>
        <source>Read-only: it changes nothing.</source>
        <translation>Nur lesend: Es verändert nichts.</translation>
    </message>
    <message>
        <source>Writing: it can change things.</source>
        <translation>Schreibend: Es kann etwas verändern.</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>Argumente: %1</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Grund für die Ablehnung (optional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Grund für die Ablehnung</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Zulassen</translation>
    </message>
    <message>
        <source>Runs the tool</source>
        <translation>Führt das Werkzeug aus</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Tells the model the tool was not run</source>
        <translation>Teilt dem Modell mit, dass das Werkzeug nicht ausgeführt wurde</translation>
    </message>
    <message numerus="yes">
        <source>%n tools want to run</source>
        <translation>
            <numerusform>%n Werkzeug möchte ausgeführt werden</numerusform>
            <numerusform>%n Werkzeuge möchten ausgeführt werden</numerusform>
        </translation>
    </message>
    <message>
        <source>Approve or deny each call, or all of them.</source>
        <translation>Lass jeden Aufruf zu oder lehne ihn ab, oder alle auf einmal.</translation>
    </message>
    <message>
        <source>Keep the model&apos;s arguments</source>
        <translation>Argumente des Modells behalten</translation>
    </message>
    <message>
        <source>Edit arguments</source>
        <translation>Argumente bearbeiten</translation>
    </message>
    <message>
        <source>Discards your changes to the arguments</source>
        <translation>Verwirft deine Änderungen an den Argumenten</translation>
    </message>
    <message>
        <source>Change the arguments before approving</source>
        <translation>Argumente vor dem Zulassen ändern</translation>
    </message>
    <message>
        <source>Arguments (JSON)</source>
        <translation>Argumente (JSON)</translation>
    </message>
    <message>
        <source>Edited arguments must be a JSON object that fits the tool</source>
        <translation>Bearbeitete Argumente müssen ein JSON-Objekt sein, das zum Werkzeug passt</translation>
    </message>
    <message>
        <source>Cannot approve: %1</source>
        <translation>Zulassen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation>%1 zulassen</translation>
    </message>
    <message>
        <source>Deny %1</source>
        <translation>%1 ablehnen</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Erlauben:</translation>
    </message>
    <message>
        <source>Only this time</source>
        <translation>Nur dieses Mal</translation>
    </message>
    <message>
        <source>For this conversation</source>
        <translation>Für dieses Gespräch</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>How long the approval holds</source>
        <translation>Wie lange die Zustimmung gilt</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>Alle zulassen</translation>
    </message>
    <message>
        <source>Runs every tool listed</source>
        <translation>Führt jedes aufgeführte Werkzeug aus</translation>
    </message>
    <message>
        <source>Deny all</source>
        <translation>Alle ablehnen</translation>
    </message>
    <message>
        <source>Tells the model none of the tools was run</source>
        <translation>Teilt dem Modell mit, dass keines der Werkzeuge ausgeführt wurde</translation>
    </message>
</context>
<context>
    <name>QuestionPrompt</name>
    <message>
        <source>Required</source>
        <translation>Pflichtfeld</translation>
    </message>
    <message>
        <source>%1 (required)</source>
        <translation>%1 (Pflichtfeld)</translation>
    </message>
    <message>
        <source>Other…</source>
        <translation>Andere…</translation>
    </message>
    <message>
        <source>Type your own answer in the field that follows</source>
        <translation>Schreib deine eigene Antwort in das folgende Feld</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Deine Antwort</translation>
    </message>
    <message>
        <source>Other answer</source>
        <translation>Andere Antwort</translation>
    </message>
    <message>
        <source>Sends your answer to the agent</source>
        <translation>Sendet deine Antwort an den Agenten</translation>
    </message>
    <message>
        <source>Tells the agent you will not answer</source>
        <translation>Sagt dem Agenten, dass du nicht antwortest</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>Frage %1 von %2</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The answer does not fit the question</source>
        <translation>Die Antwort passt nicht zur Frage</translation>
    </message>
    <message>
        <source>The question is no longer waiting</source>
        <translation>Die Frage wartet nicht mehr</translation>
    </message>
    <message>
        <source>%1: an answer is needed</source>
        <translation>%1: eine Antwort fehlt</translation>
    </message>
    <message>
        <source>%1: enter a whole number</source>
        <translation>%1: gib eine ganze Zahl ein</translation>
    </message>
    <message>
        <source>%1: enter a number</source>
        <translation>%1: gib eine Zahl ein</translation>
    </message>
    <message>
        <source>%1: choose one of the options</source>
        <translation>%1: wähle eine der Optionen</translation>
    </message>
    <message>
        <source>%1: at least %2</source>
        <translation>%1: mindestens %2</translation>
    </message>
    <message>
        <source>%1: at most %2</source>
        <translation>%1: höchstens %2</translation>
    </message>
    <message>
        <source>%1: more than %2</source>
        <translation>%1: mehr als %2</translation>
    </message>
    <message>
        <source>%1: less than %2</source>
        <translation>%1: weniger als %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: at least %n characters</source>
        <translation>
            <numerusform>%1: mindestens %n Zeichen</numerusform>
            <numerusform>%1: mindestens %n Zeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: at most %n characters</source>
        <translation>
            <numerusform>%1: höchstens %n Zeichen</numerusform>
            <numerusform>%1: höchstens %n Zeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose %n or more</source>
        <translation>
            <numerusform>%1: wähle %n oder mehr</numerusform>
            <numerusform>%1: wähle %n oder mehr</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose no more than %n</source>
        <translation>
            <numerusform>%1: wähle höchstens %n</numerusform>
            <numerusform>%1: wähle höchstens %n</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not in the expected form</source>
        <translation>%1: nicht in der erwarteten Form</translation>
    </message>
    <message>
        <source>%1: enter an email address</source>
        <translation>%1: gib eine E-Mail-Adresse ein</translation>
    </message>
    <message>
        <source>%1: enter a full address (URI)</source>
        <translation>%1: gib eine vollständige Adresse (URI) ein</translation>
    </message>
    <message>
        <source>%1: enter a date as YYYY-MM-DD</source>
        <translation>%1: gib ein Datum als JJJJ-MM-TT ein</translation>
    </message>
    <message>
        <source>%1: enter a date and time as YYYY-MM-DDThh:mm:ssZ</source>
        <translation>%1: gib Datum und Uhrzeit als JJJJ-MM-TTThh:mm:ssZ ein</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>name@example.com</source>
        <translation>name@example.com</translation>
    </message>
    <message>
        <source>https://example.com</source>
        <translation>https://example.com</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>JJJJ-MM-TTThh:mm:ssZ</translation>
    </message>
    <message>
        <source>From %1 to %2</source>
        <translation>Von %1 bis %2</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 oder mehr</translation>
    </message>
    <message>
        <source>%1 or less</source>
        <translation>%1 oder weniger</translation>
    </message>
    <message>
        <source>The agent asks: %1</source>
        <translation>Der Agent fragt: %1</translation>
    </message>
    <message>
        <source>Answer, then choose Submit; or Decline. Escape cancels.</source>
        <translation>Antworte und wähle dann Senden, oder Ablehnen. Escape bricht ab.</translation>
    </message>
</context>
<context>
    <name>Sender</name>
    <message>
        <source>Approve or deny the tool call first.</source>
        <translation>Lass den Werkzeugaufruf zuerst zu oder lehne ihn ab.</translation>
    </message>
    <message>
        <source>Write a message</source>
        <translation>Nachricht schreiben</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter starts a new line</source>
        <translation>Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stops the reply</source>
        <translation>Hält die Antwort an</translation>
    </message>
    <message>
        <source>Sends the message</source>
        <translation>Sendet die Nachricht</translation>
    </message>
    <message>
        <source>Queued messages</source>
        <translation>Wartende Nachrichten</translation>
    </message>
    <message>
        <source>Queued: %1</source>
        <translation>Wartet: %1</translation>
    </message>
    <message>
        <source>Remove queued message</source>
        <translation>Wartende Nachricht entfernen</translation>
    </message>
    <message>
        <source>Sends after this reply</source>
        <translation>Wird nach dieser Antwort gesendet</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Attached files</source>
        <translation>Angehängte Dateien</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Datei anhängen</translation>
    </message>
    <message>
        <source>Images and text files</source>
        <translation>Bilder und Textdateien</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Bilder (%1)</translation>
    </message>
    <message>
        <source>Text files (%1)</source>
        <translation>Textdateien (%1)</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Anhang</translation>
    </message>
    <message>
        <source>Answer or decline the question first.</source>
        <translation>Beantworte oder lehne zuerst die Frage ab.</translation>
    </message>
    <message>
        <source>Stops recording; what you said is written into the message</source>
        <translation>Beendet die Aufnahme; das Gesagte wird in die Nachricht geschrieben</translation>
    </message>
    <message>
        <source>Records what you say and writes it into the message</source>
        <translation>Nimmt auf, was Sie sagen, und schreibt es in die Nachricht</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>The microphone&apos;s tooltip: its action (Dictate, Stop dictation), then its keyboard shortcut as the platform writes it.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Listens, sends what you said and listens again after the reply</source>
        <translation>Hört zu, sendet das Gesagte und hört nach der Antwort wieder zu</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>Hört zu …</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>Wird transkribiert …</translation>
    </message>
    <message>
        <source>Stop dictation</source>
        <translation>Diktat beenden</translation>
    </message>
    <message>
        <source>Dictate</source>
        <translation>Diktieren</translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation>Gesprächsmodus</translation>
    </message>
    <message>
        <source>Nothing was heard; conversation mode ended.</source>
        <translation>Es war nichts zu hören; der Gesprächsmodus wurde beendet.</translation>
    </message>
    <message>
        <source>Nothing was heard.</source>
        <translation>Es war nichts zu hören.</translation>
    </message>
    <message>
        <source>Conversation mode ended: what you said was added to your draft.</source>
        <translation>Gesprächsmodus beendet: Das Gesagte wurde an Ihren Entwurf angehängt.</translation>
    </message>
</context>
<context>
    <name>TextToSpeechEngine</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>Es ist keine Sprachausgabe verfügbar.</translation>
    </message>
    <message>
        <source>The speech cannot be played: no audio output is available.</source>
        <translation>Die Sprachausgabe kann nicht abgespielt werden: Es ist keine Audioausgabe verfügbar.</translation>
    </message>
    <message>
        <source>The speech engine has no voice for this language.</source>
        <translation>Die Sprachausgabe hat keine Stimme für diese Sprache.</translation>
    </message>
    <message>
        <source>The speech engine could not read the text.</source>
        <translation>Die Sprachausgabe konnte den Text nicht lesen.</translation>
    </message>
</context>
</TS>
