<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ConversationPane</name>
    <message>
        <source>1 message</source>
        <translation>1 Nachricht</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neues Gespräch</translation>
    </message>
    <message>
        <source>New conversation (Ctrl+N)</source>
        <translation>Neues Gespräch (Strg+N)</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Gespräche</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Ohne Titel</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen …</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen …</translation>
    </message>
    <message>
        <source>Your conversations will be listed here.</source>
        <translation>Hier erscheinen deine Gespräche.</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Gespräch umbenennen</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Gespräch löschen</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>„%1“ mit allen Nachrichten löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>replying</source>
        <translation>antwortet</translation>
    </message>
    <message>
        <source>running a tool</source>
        <translation>führt ein Werkzeug aus</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>wartet auf Freigabe</translation>
    </message>
    <message>
        <source>ended with an error</source>
        <translation>mit einem Fehler beendet</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>unread reply</source>
        <translation>ungelesene Antwort</translation>
    </message>
    <message>
        <source>Needs approval</source>
        <translation>Freigabe nötig</translation>
    </message>
    <message numerus="yes">
        <source>%n messages</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>question waiting</source>
        <translation>Frage wartet</translation>
    </message>
    <message>
        <source>Question waiting</source>
        <translation>Frage wartet</translation>
    </message>
    <message>
        <source>1 result</source>
        <translation>1 Ergebnis</translation>
    </message>
    <message numerus="yes">
        <source>%n results</source>
        <translation>
            <numerusform>%n Ergebnis</numerusform>
            <numerusform>%n Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>No message matches. Conversations with it in their title:</source>
        <translation>Keine Nachricht passt. Gespräche mit dem Suchbegriff im Titel:</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Nichts passt zu „%1“.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Werkzeugergebnis</translation>
    </message>
    <message>
        <source>In “%1”, you wrote: %2</source>
        <translation>In „%1“ hast du geschrieben: %2</translation>
    </message>
    <message>
        <source>In “%1”, the assistant wrote: %2</source>
        <translation>In „%1“ hat der Assistent geschrieben: %2</translation>
    </message>
    <message>
        <source>In “%1”, a tool result: %2</source>
        <translation>In „%1“ ein Werkzeugergebnis: %2</translation>
    </message>
    <message>
        <source>Not exported: the conversation has no messages.</source>
        <translation>Nicht exportiert: Das Gespräch hat keine Nachrichten.</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Nicht exportiert: %1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <source>Search messages</source>
        <translation>Nachrichten durchsuchen</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>Alle Ordner</translation>
    </message>
    <message>
        <source>Folder shown</source>
        <translation>Angezeigter Ordner</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>the archive</comment>
        <extracomment>The button that shows the archived conversations (a noun: the archive).</extracomment>
        <translation>Archiv</translation>
    </message>
    <message>
        <source>Back to the conversations</source>
        <translation>Zurück zu den Gesprächen</translation>
    </message>
    <message>
        <source>Show the archived conversations</source>
        <translation>Archivierte Gespräche zeigen</translation>
    </message>
    <message>
        <source>Archived conversations</source>
        <translation>Archivierte Gespräche</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Suche läuft</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Enter opens. The Menu key shows every action; F2 renames, Ctrl+P pins, Ctrl+E archives, Ctrl+M moves to a folder, Delete deletes.</source>
        <translation>Eingabe öffnet. Die Menütaste zeigt alle Aktionen; F2 benennt um, Strg+P heftet an, Strg+E archiviert, Strg+M verschiebt in einen Ordner, Entf löscht.</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>angeheftet</translation>
    </message>
    <message>
        <source>in the folder %1</source>
        <translation>im Ordner %1</translation>
    </message>
    <message>
        <source>No conversation is archived.</source>
        <translation>Kein Gespräch ist archiviert.</translation>
    </message>
    <message>
        <source>No conversation is in this folder.</source>
        <translation>In diesem Ordner ist kein Gespräch.</translation>
    </message>
    <message>
        <source>Dismiss the message</source>
        <translation>Die Meldung schließen</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Nicht mehr anheften</translation>
    </message>
    <message>
        <source>Pin to the top</source>
        <translation>Oben anheften</translation>
    </message>
    <message>
        <source>Move to folder…</source>
        <translation>In Ordner verschieben …</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>Aus dem Archiv holen</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>to archive</comment>
        <extracomment>A conversation&apos;s action (a verb): moves it to the archive.</extracomment>
        <translation>Archivieren</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Als Markdown exportieren …</translation>
    </message>
    <message>
        <source>Export as HTML…</source>
        <translation>Als HTML exportieren …</translation>
    </message>
    <message>
        <source>Move to folder</source>
        <translation>In Ordner verschieben</translation>
    </message>
    <message>
        <source>Folder name (leave it empty for no folder):</source>
        <translation>Ordnername (für keinen Ordner leer lassen):</translation>
    </message>
    <message>
        <source>No folder</source>
        <translation>Kein Ordner</translation>
    </message>
    <message>
        <source>Folder name</source>
        <translation>Ordnername</translation>
    </message>
    <message>
        <source>Or pick one:</source>
        <translation>Oder einen auswählen:</translation>
    </message>
    <message>
        <source>Folder %1</source>
        <translation>Ordner %1</translation>
    </message>
    <message>
        <source>Export as HTML</source>
        <translation>Als HTML exportieren</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Als Markdown exportieren</translation>
    </message>
    <message>
        <source>HTML files (%1)</source>
        <translation>HTML-Dateien (%1)</translation>
    </message>
    <message>
        <source>Markdown files (%1)</source>
        <translation>Markdown-Dateien (%1)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
</context>
<context>
    <name>DebugPanel</name>
    <message>
        <source>Event log</source>
        <translation>Ereignisprotokoll</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Tokens per reply</source>
        <translation>Tokens pro Antwort</translation>
    </message>
    <message>
        <source>No reply reported its usage.</source>
        <translation>Keine Antwort hat ihren Verbrauch gemeldet.</translation>
    </message>
    <message>
        <source>Reply %1: %2</source>
        <translation>Antwort %1: %2</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Agent state</source>
        <translation>Agentenzustand</translation>
    </message>
    <message>
        <source>The agent has shared no state yet.</source>
        <translation>Der Agent hat noch keinen Zustand geteilt.</translation>
    </message>
    <message>
        <source>The state the AG-UI agent shares, as JSON</source>
        <translation>Der Zustand, den der AG-UI-Agent teilt, als JSON</translation>
    </message>
    <message>
        <source>Last custom events: %1</source>
        <translation>Letzte benutzerdefinierte Ereignisse: %1</translation>
    </message>
</context>
<context>
    <name>DemoFiles</name>
    <message>
        <source>No file was chosen.</source>
        <translation>Es wurde keine Datei ausgewählt.</translation>
    </message>
    <message>
        <source>Only a file on this computer can be written: %1</source>
        <translation>Nur Dateien auf diesem Computer lassen sich schreiben: %1</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>Es wurde kein Dateiname angegeben.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>I read the clock with the get_time tool, which may run without asking because it only reads. Its answer is above.</source>
        <translation>Ich habe die Uhr mit dem Werkzeug get_time gelesen; es darf ohne Nachfrage laufen, weil es nur liest. Seine Antwort steht oben.</translation>
    </message>
    <message>
        <source>Koder Agent demo</source>
        <translation>Koder-Agent-Demo</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Neues Gespräch</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Debug panel</source>
        <translation>&amp;Debug-Bereich</translation>
    </message>
    <message>
        <source>Show &amp;tool results</source>
        <translation>&amp;Werkzeugergebnisse zeigen</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neues Gespräch</translation>
    </message>
    <message>
        <source>OpenAI-compatible: %1</source>
        <translation>OpenAI-kompatibel: %1</translation>
    </message>
    <message>
        <source>WebSocket: %1</source>
        <translation>WebSocket: %1</translation>
    </message>
    <message>
        <source>Offline local agent</source>
        <translation>Lokaler Offline-Agent</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Conversation store: %1</source>
        <translation>Gesprächsspeicher: %1</translation>
    </message>
    <message>
        <source>Open link?</source>
        <translation>Link öffnen?</translation>
    </message>
    <message>
        <source>This link goes to:</source>
        <translation>Dieser Link führt zu:</translation>
    </message>
    <message>
        <source>This link cannot be opened: only web and e-mail addresses can.</source>
        <translation>Dieser Link kann nicht geöffnet werden: Nur Web- und E-Mail-Adressen lassen sich öffnen.</translation>
    </message>
    <message>
        <source>Link address: %1</source>
        <translation>Linkadresse: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open the link</source>
        <translation>Den Link öffnen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Do not open the link</source>
        <translation>Den Link nicht öffnen</translation>
    </message>
    <message>
        <source>Ollama: %1</source>
        <translation>Ollama: %1</translation>
    </message>
    <message>
        <source>Anthropic: %1</source>
        <translation>Anthropic: %1</translation>
    </message>
    <message>
        <source>This conversation: %1</source>
        <translation>Dieses Gespräch: %1</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>Agent: %1</translation>
    </message>
    <message>
        <source>Last reply: %1</source>
        <translation>Letzte Antwort: %1</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>The model declined to answer</source>
        <translation>Das Modell hat die Antwort abgelehnt</translation>
    </message>
    <message>
        <source>The save_note tool did not run, so nothing was saved.</source>
        <translation>Das Werkzeug save_note lief nicht, also wurde nichts gespeichert.</translation>
    </message>
    <message>
        <source>The save_note tool could not save the note: %1</source>
        <translation>Das Werkzeug save_note konnte die Notiz nicht speichern: %1</translation>
    </message>
    <message>
        <source>That was the save_note tool: your note is in your notes file.</source>
        <translation>Das war das Werkzeug save_note: Deine Notiz steht in deiner Notizdatei.</translation>
    </message>
    <message>
        <source>The current date and time on the user&apos;s computer</source>
        <translation>Datum und Uhrzeit auf dem Computer des Benutzers</translation>
    </message>
    <message>
        <source>Saves a note for the user in their notes file</source>
        <translation>Speichert eine Notiz für den Benutzer in seiner Notizdatei</translation>
    </message>
    <message>
        <source>OpenAI Responses: %1</source>
        <translation>OpenAI Responses: %1</translation>
    </message>
    <message>
        <source>Which colour should the next note be?</source>
        <translation>Welche Farbe soll die nächste Notiz haben?</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>Rot</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Grün</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Blau</translation>
    </message>
    <message>
        <source>The ask_user tool did not run, so I could not ask you anything.</source>
        <translation>Das Werkzeug ask_user lief nicht, also konnte ich dich nichts fragen.</translation>
    </message>
    <message>
        <source>You said: “%1”

I am the **offline demo agent**: this reply streams word by word, with no network and no model. Try:

- *What time is it?* — a read-only tool runs at once
- *Save a note: buy milk* — a writing tool asks for your permission first
- *Ask me a question* — the agent asks you something and waits for your answer

Open **Settings** to talk to a real model instead.</source>
        <translation>Du hast geschrieben: „%1“

Ich bin der **Offline-Demo-Agent**: Diese Antwort kommt Wort für Wort, ohne Netz und ohne Modell. Probiere:

- *Wie spät ist es? (Uhrzeit)* — ein lesendes Werkzeug läuft sofort
- *Notiz: Milch kaufen* — ein schreibendes Werkzeug fragt erst um Erlaubnis
- *Frag mich etwas* — der Agent stellt dir eine Frage und wartet auf deine Antwort

Unter **Einstellungen** sprichst du stattdessen mit einem echten Modell.</translation>
    </message>
    <message>
        <source>You chose “%1”: your answer came back to me as the result of the ask_user tool.</source>
        <translation>Du hast „%1“ gewählt: Deine Antwort kam als Ergebnis des Werkzeugs ask_user zu mir zurück.</translation>
    </message>
    <message>
        <source>You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.</source>
        <translation>Du hast nicht geantwortet, und das ist in Ordnung: Das Werkzeug ask_user hat es mir gesagt, und ich mache ohne Antwort weiter.</translation>
    </message>
    <message>
        <source>AG-UI agent: %1</source>
        <translation>AG-UI-Agent: %1</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
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
        <source>Cost: %1</source>
        <translation>Kosten: %1</translation>
    </message>
    <message>
        <source>The conversation is too long for the model&apos;s context.</source>
        <translation>Das Gespräch ist zu lang für den Kontext des Modells.</translation>
    </message>
    <message>
        <source>Compact and retry</source>
        <translation>Verdichten und erneut versuchen</translation>
    </message>
    <message>
        <source>Summarises the earlier messages, then asks for the reply again</source>
        <translation>Fasst die früheren Nachrichten zusammen und fordert die Antwort dann erneut an</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>Nicht zusammengefasst: %1</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Als &amp;Markdown exportieren …</translation>
    </message>
    <message>
        <source>Export as &amp;HTML…</source>
        <translation>Als &amp;HTML exportieren …</translation>
    </message>
    <message>
        <source>V&amp;oice</source>
        <translation>S&amp;timme</translation>
    </message>
    <message>
        <source>&amp;Conversation mode</source>
        <translation>&amp;Gesprächsmodus</translation>
    </message>
    <message>
        <source>&amp;Read replies aloud</source>
        <translation>Antworten &amp;vorlesen</translation>
    </message>
    <message>
        <source>&amp;Stop reading</source>
        <translation>Vorlesen &amp;beenden</translation>
    </message>
    <message>
        <source>&amp;Voice settings…</source>
        <translation>Stimm&amp;einstellungen …</translation>
    </message>
    <message>
        <source>Set up &amp;dictation…</source>
        <translation>&amp;Diktieren einrichten …</translation>
    </message>
</context>
<context>
    <name>NoteBook</name>
    <message>
        <source>There is nothing to save: the note is empty.</source>
        <translation>Es gibt nichts zu speichern: Die Notiz ist leer.</translation>
    </message>
    <message>
        <source>No notes file is set.</source>
        <translation>Es ist keine Notizdatei festgelegt.</translation>
    </message>
    <message>
        <source>Cannot read your notes file %1: %2</source>
        <translation>Deine Notizdatei %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>Cannot write your notes file %1: %2</source>
        <translation>Deine Notizdatei %1 lässt sich nicht schreiben: %2</translation>
    </message>
    <message>
        <source>Saved the note in your notes file (%1).</source>
        <translation>Die Notiz wurde in deiner Notizdatei gespeichert (%1).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Offline local agent</source>
        <translation>Lokaler Offline-Agent</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>aichat.v1 WebSocket server</source>
        <translation>aichat.v1-WebSocket-Server</translation>
    </message>
    <message>
        <source>Read-only tools run, others ask</source>
        <translation>Lesende Werkzeuge laufen, andere fragen</translation>
    </message>
    <message>
        <source>Always ask</source>
        <translation>Immer fragen</translation>
    </message>
    <message>
        <source>Never ask (all tools run)</source>
        <translation>Nie fragen (alle Werkzeuge laufen)</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Not needed for local servers</source>
        <translation>Für lokale Server nicht nötig</translation>
    </message>
    <message>
        <source>WebSocket URL</source>
        <translation>WebSocket-URL</translation>
    </message>
    <message>
        <source>Tool permissions</source>
        <translation>Werkzeugberechtigungen</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>As above</source>
        <translation>Wie oben</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Zulassen</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Each tool</source>
        <translation>Jedes Werkzeug</translation>
    </message>
    <message>
        <source>Permission for the tool %1</source>
        <translation>Berechtigung für das Werkzeug %1</translation>
    </message>
    <message>
        <source>Reset tool permissions</source>
        <translation>Werkzeugberechtigungen zurücksetzen</translation>
    </message>
    <message>
        <source>Every tool follows the setting above again</source>
        <translation>Jedes Werkzeug folgt wieder der Einstellung oben</translation>
    </message>
    <message>
        <source>Queue it for after the reply</source>
        <translation>Nach der Antwort senden (Warteschlange)</translation>
    </message>
    <message>
        <source>Add it to the running reply</source>
        <translation>Zur laufenden Antwort hinzufügen</translation>
    </message>
    <message>
        <source>Stop the reply and send it</source>
        <translation>Antwort anhalten und senden</translation>
    </message>
    <message>
        <source>Refuse it until the reply ends</source>
        <translation>Ablehnen, bis die Antwort fertig ist</translation>
    </message>
    <message>
        <source>Sending during a reply</source>
        <translation>Senden während einer Antwort</translation>
    </message>
    <message>
        <source>Ollama (native API)</source>
        <translation>Ollama (native API)</translation>
    </message>
    <message>
        <source>Anthropic (Claude)</source>
        <translation>Anthropic (Claude)</translation>
    </message>
    <message>
        <source>Only for a server that asks for one</source>
        <translation>Nur für einen Server, der einen verlangt</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Looking for the system&apos;s secret store…</source>
        <translation>Der Schlüsselspeicher des Systems wird gesucht…</translation>
    </message>
    <message>
        <source>The key cannot be remembered: no secret store (such as GNOME Keyring or KWallet) is running. It is kept until the demo quits.</source>
        <translation>Der Schlüssel kann nicht gespeichert werden: Es läuft kein Schlüsselspeicher (etwa GNOME Keyring oder KWallet). Er bleibt erhalten, bis die Demo beendet wird.</translation>
    </message>
    <message>
        <source>Think before answering (models that can)</source>
        <translation>Vor dem Antworten nachdenken (Modelle, die das können)</translation>
    </message>
    <message>
        <source>Thinking budget</source>
        <translation>Denkbudget</translation>
    </message>
    <message>
        <source>Tokens the model may think before answering; 0 turns thinking off</source>
        <translation>Tokens, die das Modell vor dem Antworten nachdenken darf; 0 schaltet das Nachdenken aus</translation>
    </message>
    <message>
        <source>Remember the API keys in the system&apos;s secret store</source>
        <translation>API-Schlüssel im Schlüsselspeicher des Systems merken</translation>
    </message>
    <message>
        <source>OpenAI Responses API</source>
        <translation>OpenAI Responses API</translation>
    </message>
    <message>
        <source>Reasoning effort</source>
        <translation>Denkaufwand</translation>
    </message>
    <message>
        <source>How hard a reasoning model thinks before answering</source>
        <translation>Wie gründlich ein Reasoning-Modell vor dem Antworten nachdenkt</translation>
    </message>
    <message>
        <source>Reasoning summary</source>
        <translation>Zusammenfassung des Denkens</translation>
    </message>
    <message>
        <source>Whether the reply comes with a summary of the model&apos;s reasoning</source>
        <translation>Ob die Antwort eine Zusammenfassung der Überlegungen des Modells enthält</translation>
    </message>
    <message>
        <source>Server default</source>
        <comment>reasoning effort</comment>
        <translation>Vorgabe des Servers</translation>
    </message>
    <message>
        <source>Minimal</source>
        <comment>reasoning effort</comment>
        <translation>Minimal</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>reasoning effort</comment>
        <translation>Niedrig</translation>
    </message>
    <message>
        <source>Medium</source>
        <comment>reasoning effort</comment>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>High</source>
        <comment>reasoning effort</comment>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>reasoning summary</comment>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Automatic</source>
        <comment>reasoning summary</comment>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Concise</source>
        <comment>reasoning summary</comment>
        <translation>Knapp</translation>
    </message>
    <message>
        <source>Detailed</source>
        <comment>reasoning summary</comment>
        <translation>Ausführlich</translation>
    </message>
    <message>
        <source>Not connected</source>
        <comment>MCP server status</comment>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <comment>MCP server status</comment>
        <translation>Verbindet…</translation>
    </message>
    <message>
        <source>Ready</source>
        <comment>MCP server status</comment>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Failed</source>
        <comment>MCP server status</comment>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>No MCP servers in %1. Add them to its &quot;mcpServers&quot; object, as desktop MCP clients write it, and start the demo again.</source>
        <translation>Keine MCP-Server in %1. Trage sie in sein Objekt &quot;mcpServers&quot; ein, wie Desktop-MCP-Clients es schreiben, und starte die Demo neu.</translation>
    </message>
    <message>
        <source>No MCP servers. To add some, write %1 with an &quot;mcpServers&quot; object, as desktop MCP clients do, and start the demo again (or start it with --mcp-config &lt;file&gt;).</source>
        <translation>Keine MCP-Server. Um welche hinzuzufügen, schreibe %1 mit einem Objekt &quot;mcpServers&quot;, wie Desktop-MCP-Clients es tun, und starte die Demo neu (oder starte sie mit --mcp-config &lt;Datei&gt;).</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Keine Werkzeuge</translation>
    </message>
    <message>
        <source>1 tool: %1</source>
        <translation>1 Werkzeug: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tools: %1</source>
        <translation>
            <numerusform>%n Werkzeug: %1</numerusform>
            <numerusform>%n Werkzeuge: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Problem in the MCP configuration: %1</source>
        <translation>Problem in der MCP-Konfiguration: %1</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>Status of %1: %2</source>
        <translation>Status von %1: %2</translation>
    </message>
    <message>
        <source>Use the MCP server %1</source>
        <translation>MCP-Server %1 verwenden</translation>
    </message>
    <message>
        <source>Turns the server on or off; its tools are offered to the model only while it is on</source>
        <translation>Schaltet den Server ein oder aus; seine Werkzeuge werden dem Modell nur angeboten, solange er eingeschaltet ist</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation>MCP-Server %1 neu starten</translation>
    </message>
    <message>
        <source>Turned off: its tools are not offered to the model.</source>
        <translation>Ausgeschaltet: Seine Werkzeuge werden dem Modell nicht angeboten.</translation>
    </message>
    <message>
        <source>Read from %1. Turning a server on or off, and Restart, take effect at once; the switch is kept for the next start.</source>
        <translation>Gelesen aus %1. Ein- und Ausschalten eines Servers sowie „Neu starten“ wirken sofort; der Schalter bleibt für den nächsten Start erhalten.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>AG-UI agent</source>
        <translation>AG-UI-Agent</translation>
    </message>
    <message>
        <source>Only for an agent that asks for one</source>
        <translation>Nur für einen Agenten, der einen verlangt</translation>
    </message>
    <message>
        <source>Agent URL</source>
        <translation>Agenten-URL</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Kontextfenster</translation>
    </message>
    <message>
        <source>The model&apos;s context in tokens; 0 takes the agent&apos;s own</source>
        <translation>Der Kontext des Modells in Token; 0 übernimmt den des Agenten</translation>
    </message>
    <message>
        <source>Compact automatically at</source>
        <translation>Automatisch verdichten bei</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>How full the context may get before the earlier messages are summarised; Never turns it off</source>
        <translation>Wie voll der Kontext werden darf, bevor die früheren Nachrichten zusammengefasst werden; Nie schaltet es aus</translation>
    </message>
    <message>
        <source>Default voice</source>
        <translation>Standardstimme</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>reading speed</comment>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Vorlesen</translation>
    </message>
    <message>
        <source>Read replies aloud</source>
        <translation>Antworten vorlesen</translation>
    </message>
    <message>
        <source>Each reply is spoken while it arrives</source>
        <translation>Jede Antwort wird gesprochen, während sie eintrifft</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Stimme</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Reading speed</source>
        <translation>Vorlesetempo</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>Spracherkennung</translation>
    </message>
    <message>
        <source>To dictate, set a speech-to-text server here: an OpenAI-compatible one (OpenAI, or a Whisper server on your computer). The microphone button appears in the message box once a server is set; what you say is recorded and sent to this server only.</source>
        <translation>Um zu diktieren, trag hier einen Server für Spracherkennung ein: einen OpenAI-kompatiblen (OpenAI oder einen Whisper-Server auf deinem Computer). Sobald ein Server eingetragen ist, erscheint der Mikrofonknopf im Nachrichtenfeld; was du sagst, wird aufgenommen und nur an diesen Server geschickt.</translation>
    </message>
    <message>
        <source>Speech-to-text server URL</source>
        <translation>URL des Spracherkennungsservers</translation>
    </message>
    <message>
        <source>Empty: no dictation</source>
        <translation>Leer: kein Diktieren</translation>
    </message>
    <message>
        <source>Speech-to-text model</source>
        <translation>Modell der Spracherkennung</translation>
    </message>
    <message>
        <source>Speech-to-text API key</source>
        <translation>API-Schlüssel der Spracherkennung</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s secret store only when “Remember the API keys” is ticked, like the agent&apos;s keys</source>
        <translation>Wird wie die Schlüssel des Agenten nur dann im Schlüsselspeicher des Systems gemerkt, wenn „API-Schlüssel im Schlüsselspeicher des Systems merken“ angehakt ist</translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation>Gesprochene Sprache</translation>
    </message>
    <message>
        <source>Detected by the server</source>
        <translation>Vom Server erkannt</translation>
    </message>
    <message>
        <source>A language code such as en or de; empty: the server detects it</source>
        <translation>Ein Sprachcode wie en oder de; leer: Der Server erkennt die Sprache</translation>
    </message>
</context>
<context>
    <name>usage</name>
    <message numerus="yes">
        <source>%Ln token</source>
        <translation>
            <numerusform>%Ln Token</numerusform>
            <numerusform>%Ln Tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln Token</numerusform>
            <numerusform>%Ln Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>prompt: %L1</source>
        <translation>Eingabe: %L1</translation>
    </message>
    <message>
        <source>completion: %L1</source>
        <translation>Ausgabe: %L1</translation>
    </message>
    <message>
        <source>reasoning: %L1</source>
        <translation>Nachdenken: %L1</translation>
    </message>
    <message>
        <source>read from cache: %L1</source>
        <translation>aus dem Cache gelesen: %L1</translation>
    </message>
    <message>
        <source>written to cache: %L1</source>
        <translation>in den Cache geschrieben: %L1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
</TS>
