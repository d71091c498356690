<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>ConversationPane</name>
    <message>
        <source>1 message</source>
        <translation>1 mensaje</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nueva</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>New conversation (Ctrl+N)</source>
        <translation>Nueva conversación (Ctrl+N)</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Sin título</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Your conversations will be listed here.</source>
        <translation>Aquí aparecerán tus conversaciones.</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renombrar la conversación</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>¿Eliminar «%1» y todos sus mensajes? No se puede deshacer.</translation>
    </message>
    <message>
        <source>replying</source>
        <translation>respondiendo</translation>
    </message>
    <message>
        <source>running a tool</source>
        <translation>ejecutando una herramienta</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>necesita aprobación</translation>
    </message>
    <message>
        <source>ended with an error</source>
        <translation>terminó con un error</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>detenida</translation>
    </message>
    <message>
        <source>unread reply</source>
        <translation>respuesta sin leer</translation>
    </message>
    <message>
        <source>Needs approval</source>
        <translation>Necesita aprobación</translation>
    </message>
    <message numerus="yes">
        <source>%n messages</source>
        <translation>
            <numerusform>%n mensaje</numerusform>
            <numerusform>%n mensajes</numerusform>
        </translation>
    </message>
    <message>
        <source>question waiting</source>
        <translation>pregunta pendiente</translation>
    </message>
    <message>
        <source>Question waiting</source>
        <translation>Pregunta pendiente</translation>
    </message>
    <message>
        <source>1 result</source>
        <translation>1 resultado</translation>
    </message>
    <message numerus="yes">
        <source>%n results</source>
        <translation>
            <numerusform>%n resultado</numerusform>
            <numerusform>%n resultados</numerusform>
        </translation>
    </message>
    <message>
        <source>No message matches. Conversations with it in their title:</source>
        <translation>Ningún mensaje coincide. Conversaciones con el término en el título:</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Nada coincide con «%1».</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de la herramienta</translation>
    </message>
    <message>
        <source>In “%1”, you wrote: %2</source>
        <translation>En «%1», escribiste: %2</translation>
    </message>
    <message>
        <source>In “%1”, the assistant wrote: %2</source>
        <translation>En «%1», el asistente escribió: %2</translation>
    </message>
    <message>
        <source>In “%1”, a tool result: %2</source>
        <translation>En «%1», un resultado de herramienta: %2</translation>
    </message>
    <message>
        <source>Not exported: the conversation has no messages.</source>
        <translation>No se ha exportado: la conversación no tiene mensajes.</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>No se ha exportado: %1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Se ha exportado a %1</translation>
    </message>
    <message>
        <source>Search messages</source>
        <translation>Buscar en los mensajes</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>Todas las carpetas</translation>
    </message>
    <message>
        <source>Folder shown</source>
        <translation>Carpeta mostrada</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Volver</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>the archive</comment>
        <extracomment>The button that shows the archived conversations (a noun: the archive).</extracomment>
        <translation>Archivadas</translation>
    </message>
    <message>
        <source>Back to the conversations</source>
        <translation>Volver a las conversaciones</translation>
    </message>
    <message>
        <source>Show the archived conversations</source>
        <translation>Mostrar las conversaciones archivadas</translation>
    </message>
    <message>
        <source>Archived conversations</source>
        <translation>Conversaciones archivadas</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Buscando</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Resultados de la búsqueda</translation>
    </message>
    <message>
        <source>Enter opens. The Menu key shows every action; F2 renames, Ctrl+P pins, Ctrl+E archives, Ctrl+M moves to a folder, Delete deletes.</source>
        <translation>Intro abre. La tecla Menú muestra todas las acciones; F2 renombra, Ctrl+P fija, Ctrl+E archiva, Ctrl+M mueve a una carpeta, Supr elimina.</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>fijada</translation>
    </message>
    <message>
        <source>in the folder %1</source>
        <translation>en la carpeta %1</translation>
    </message>
    <message>
        <source>No conversation is archived.</source>
        <translation>No hay ninguna conversación archivada.</translation>
    </message>
    <message>
        <source>No conversation is in this folder.</source>
        <translation>No hay ninguna conversación en esta carpeta.</translation>
    </message>
    <message>
        <source>Dismiss the message</source>
        <translation>Descartar el aviso</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Dejar de fijar</translation>
    </message>
    <message>
        <source>Pin to the top</source>
        <translation>Fijar arriba</translation>
    </message>
    <message>
        <source>Move to folder…</source>
        <translation>Mover a una carpeta…</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>Desarchivar</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>to archive</comment>
        <extracomment>A conversation&apos;s action (a verb): moves it to the archive.</extracomment>
        <translation>Archivar</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exportar como Markdown…</translation>
    </message>
    <message>
        <source>Export as HTML…</source>
        <translation>Exportar como HTML…</translation>
    </message>
    <message>
        <source>Move to folder</source>
        <translation>Mover a una carpeta</translation>
    </message>
    <message>
        <source>Folder name (leave it empty for no folder):</source>
        <translation>Nombre de la carpeta (déjalo vacío para no usar ninguna):</translation>
    </message>
    <message>
        <source>No folder</source>
        <translation>Sin carpeta</translation>
    </message>
    <message>
        <source>Folder name</source>
        <translation>Nombre de la carpeta</translation>
    </message>
    <message>
        <source>Or pick one:</source>
        <translation>O elige una:</translation>
    </message>
    <message>
        <source>Folder %1</source>
        <translation>Carpeta %1</translation>
    </message>
    <message>
        <source>Export as HTML</source>
        <translation>Exportar como HTML</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Exportar como Markdown</translation>
    </message>
    <message>
        <source>HTML files (%1)</source>
        <translation>Archivos HTML (%1)</translation>
    </message>
    <message>
        <source>Markdown files (%1)</source>
        <translation>Archivos Markdown (%1)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
</context>
<context>
    <name>DebugPanel</name>
    <message>
        <source>Event log</source>
        <translation>Registro de eventos</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>estado: %1</translation>
    </message>
    <message>
        <source>Tokens per reply</source>
        <translation>Tokens por respuesta</translation>
    </message>
    <message>
        <source>No reply reported its usage.</source>
        <translation>Ninguna respuesta informó de su consumo.</translation>
    </message>
    <message>
        <source>Reply %1: %2</source>
        <translation>Respuesta %1: %2</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Rechazada</translation>
    </message>
    <message>
        <source>Agent state</source>
        <translation>Estado del agente</translation>
    </message>
    <message>
        <source>The agent has shared no state yet.</source>
        <translation>El agente aún no ha compartido ningún estado.</translation>
    </message>
    <message>
        <source>The state the AG-UI agent shares, as JSON</source>
        <translation>El estado que comparte el agente AG-UI, en JSON</translation>
    </message>
    <message>
        <source>Last custom events: %1</source>
        <translation>Últimos eventos personalizados: %1</translation>
    </message>
</context>
<context>
    <name>DemoFiles</name>
    <message>
        <source>No file was chosen.</source>
        <translation>No se ha elegido ningún archivo.</translation>
    </message>
    <message>
        <source>Only a file on this computer can be written: %1</source>
        <translation>Solo se puede escribir en un archivo de este ordenador: %1</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>No se ha indicado ningún nombre de archivo.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>I read the clock with the get_time tool, which may run without asking because it only reads. Its answer is above.</source>
        <translation>Leí el reloj con la herramienta get_time, que puede ejecutarse sin preguntar porque solo lee. Su respuesta está arriba.</translation>
    </message>
    <message>
        <source>Koder Agent demo</source>
        <translation>Demo de Koder Agent</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Ajustes…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Debug panel</source>
        <translation>Panel de &amp;depuración</translation>
    </message>
    <message>
        <source>Show &amp;tool results</source>
        <translation>Mostrar resultados de &amp;herramientas</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>OpenAI-compatible: %1</source>
        <translation>Compatible con OpenAI: %1</translation>
    </message>
    <message>
        <source>WebSocket: %1</source>
        <translation>WebSocket: %1</translation>
    </message>
    <message>
        <source>Offline local agent</source>
        <translation>Agente local sin conexión</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>Conversation store: %1</source>
        <translation>Almacén de conversaciones: %1</translation>
    </message>
    <message>
        <source>Open link?</source>
        <translation>¿Abrir el enlace?</translation>
    </message>
    <message>
        <source>This link goes to:</source>
        <translation>Este enlace lleva a:</translation>
    </message>
    <message>
        <source>This link cannot be opened: only web and e-mail addresses can.</source>
        <translation>Este enlace no se puede abrir: solo se pueden abrir direcciones web y de correo electrónico.</translation>
    </message>
    <message>
        <source>Link address: %1</source>
        <translation>Dirección del enlace: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Open the link</source>
        <translation>Abrir el enlace</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Do not open the link</source>
        <translation>No abrir el enlace</translation>
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
        <translation>Esta conversación: %1</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>Agente: %1</translation>
    </message>
    <message>
        <source>Last reply: %1</source>
        <translation>Última respuesta: %1</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Rechazada</translation>
    </message>
    <message>
        <source>The model declined to answer</source>
        <translation>El modelo se negó a responder</translation>
    </message>
    <message>
        <source>The save_note tool did not run, so nothing was saved.</source>
        <translation>La herramienta save_note no se ejecutó, así que no se guardó nada.</translation>
    </message>
    <message>
        <source>The save_note tool could not save the note: %1</source>
        <translation>La herramienta save_note no pudo guardar la nota: %1</translation>
    </message>
    <message>
        <source>That was the save_note tool: your note is in your notes file.</source>
        <translation>Esa fue la herramienta save_note: tu nota está en tu archivo de notas.</translation>
    </message>
    <message>
        <source>The current date and time on the user&apos;s computer</source>
        <translation>La fecha y la hora actuales en el ordenador del usuario</translation>
    </message>
    <message>
        <source>Saves a note for the user in their notes file</source>
        <translation>Guarda una nota para el usuario en su archivo de notas</translation>
    </message>
    <message>
        <source>OpenAI Responses: %1</source>
        <translation>OpenAI Responses: %1</translation>
    </message>
    <message>
        <source>Which colour should the next note be?</source>
        <translation>¿De qué color debe ser la próxima nota?</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>Rojo</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Verde</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Azul</translation>
    </message>
    <message>
        <source>The ask_user tool did not run, so I could not ask you anything.</source>
        <translation>La herramienta ask_user no se ejecutó, así que no pude preguntarte nada.</translation>
    </message>
    <message>
        <source>You said: “%1”

I am the **offline demo agent**: this reply streams word by word, with no network and no model. Try:

- *What time is it?* — a read-only tool runs at once
- *Save a note: buy milk* — a writing tool asks for your permission first
- *Ask me a question* — the agent asks you something and waits for your answer

Open **Settings** to talk to a real model instead.</source>
        <translation>Escribiste: «%1»

Soy el **agente de demostración sin conexión**: esta respuesta llega palabra por palabra, sin red y sin modelo. Prueba:

- *¿Qué hora es?* — una herramienta de solo lectura se ejecuta al momento
- *Nota: comprar leche* — una herramienta que escribe pide permiso primero
- *Pregúntame algo* — el agente te hace una pregunta y espera tu respuesta

Abre **Ajustes** para hablar con un modelo real.</translation>
    </message>
    <message>
        <source>You chose “%1”: your answer came back to me as the result of the ask_user tool.</source>
        <translation>Elegiste «%1»: tu respuesta me llegó como resultado de la herramienta ask_user.</translation>
    </message>
    <message>
        <source>You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.</source>
        <translation>No respondiste, y no pasa nada: la herramienta ask_user me lo dijo y sigo sin tu respuesta.</translation>
    </message>
    <message>
        <source>AG-UI agent: %1</source>
        <translation>Agente AG-UI: %1</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 US$</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>Compactar</translation>
    </message>
    <message>
        <source>Compact the conversation</source>
        <translation>Compactar la conversación</translation>
    </message>
    <message>
        <source>Summarises the earlier messages to free the model&apos;s context</source>
        <translation>Resume los mensajes anteriores para liberar el contexto del modelo</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>Coste: %1</translation>
    </message>
    <message>
        <source>The conversation is too long for the model&apos;s context.</source>
        <translation>La conversación es demasiado larga para el contexto del modelo.</translation>
    </message>
    <message>
        <source>Compact and retry</source>
        <translation>Compactar y reintentar</translation>
    </message>
    <message>
        <source>Summarises the earlier messages, then asks for the reply again</source>
        <translation>Resume los mensajes anteriores y vuelve a pedir la respuesta</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>No se ha compactado: %1</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Exportar como &amp;Markdown…</translation>
    </message>
    <message>
        <source>Export as &amp;HTML…</source>
        <translation>Exportar como &amp;HTML…</translation>
    </message>
    <message>
        <source>V&amp;oice</source>
        <translation>V&amp;oz</translation>
    </message>
    <message>
        <source>&amp;Conversation mode</source>
        <translation>Modo &amp;conversación</translation>
    </message>
    <message>
        <source>&amp;Read replies aloud</source>
        <translation>Leer las &amp;respuestas en voz alta</translation>
    </message>
    <message>
        <source>&amp;Stop reading</source>
        <translation>&amp;Detener la lectura</translation>
    </message>
    <message>
        <source>&amp;Voice settings…</source>
        <translation>&amp;Ajustes de voz…</translation>
    </message>
    <message>
        <source>Set up &amp;dictation…</source>
        <translation>Configurar el dic&amp;tado…</translation>
    </message>
</context>
<context>
    <name>NoteBook</name>
    <message>
        <source>There is nothing to save: the note is empty.</source>
        <translation>No hay nada que guardar: la nota está vacía.</translation>
    </message>
    <message>
        <source>No notes file is set.</source>
        <translation>No hay ningún archivo de notas.</translation>
    </message>
    <message>
        <source>Cannot read your notes file %1: %2</source>
        <translation>No se puede leer tu archivo de notas %1: %2</translation>
    </message>
    <message>
        <source>Cannot write your notes file %1: %2</source>
        <translation>No se puede escribir en tu archivo de notas %1: %2</translation>
    </message>
    <message>
        <source>Saved the note in your notes file (%1).</source>
        <translation>La nota se guardó en tu archivo de notas (%1).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Offline local agent</source>
        <translation>Agente local sin conexión</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>Servidor compatible con OpenAI</translation>
    </message>
    <message>
        <source>aichat.v1 WebSocket server</source>
        <translation>Servidor WebSocket aichat.v1</translation>
    </message>
    <message>
        <source>Read-only tools run, others ask</source>
        <translation>Las herramientas de solo lectura se ejecutan; las demás preguntan</translation>
    </message>
    <message>
        <source>Always ask</source>
        <translation>Preguntar siempre</translation>
    </message>
    <message>
        <source>Never ask (all tools run)</source>
        <translation>No preguntar nunca (se ejecutan todas)</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Como el sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL del servidor</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>Not needed for local servers</source>
        <translation>No hace falta para servidores locales</translation>
    </message>
    <message>
        <source>WebSocket URL</source>
        <translation>URL del WebSocket</translation>
    </message>
    <message>
        <source>Tool permissions</source>
        <translation>Permisos de herramientas</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <source>As above</source>
        <translation>Como arriba</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Permitir</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
    <message>
        <source>Each tool</source>
        <translation>Cada herramienta</translation>
    </message>
    <message>
        <source>Permission for the tool %1</source>
        <translation>Permiso para la herramienta %1</translation>
    </message>
    <message>
        <source>Reset tool permissions</source>
        <translation>Restablecer los permisos de las herramientas</translation>
    </message>
    <message>
        <source>Every tool follows the setting above again</source>
        <translation>Cada herramienta vuelve a seguir el ajuste de arriba</translation>
    </message>
    <message>
        <source>Queue it for after the reply</source>
        <translation>Ponerlo en cola para después de la respuesta</translation>
    </message>
    <message>
        <source>Add it to the running reply</source>
        <translation>Añadirlo a la respuesta en curso</translation>
    </message>
    <message>
        <source>Stop the reply and send it</source>
        <translation>Detener la respuesta y enviarlo</translation>
    </message>
    <message>
        <source>Refuse it until the reply ends</source>
        <translation>Rechazarlo hasta que termine la respuesta</translation>
    </message>
    <message>
        <source>Sending during a reply</source>
        <translation>Enviar durante una respuesta</translation>
    </message>
    <message>
        <source>Ollama (native API)</source>
        <translation>Ollama (API nativa)</translation>
    </message>
    <message>
        <source>Anthropic (Claude)</source>
        <translation>Anthropic (Claude)</translation>
    </message>
    <message>
        <source>Only for a server that asks for one</source>
        <translation>Solo para un servidor que la pida</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Obligatoria</translation>
    </message>
    <message>
        <source>Looking for the system&apos;s secret store…</source>
        <translation>Buscando el almacén de secretos del sistema…</translation>
    </message>
    <message>
        <source>The key cannot be remembered: no secret store (such as GNOME Keyring or KWallet) is running. It is kept until the demo quits.</source>
        <translation>No se puede recordar la clave: no hay ningún almacén de secretos (como GNOME Keyring o KWallet) en ejecución. Se conserva hasta que se cierre la demo.</translation>
    </message>
    <message>
        <source>Think before answering (models that can)</source>
        <translation>Pensar antes de responder (modelos que puedan)</translation>
    </message>
    <message>
        <source>Thinking budget</source>
        <translation>Presupuesto de razonamiento</translation>
    </message>
    <message>
        <source>Tokens the model may think before answering; 0 turns thinking off</source>
        <translation>Tokens que el modelo puede dedicar a pensar antes de responder; 0 desactiva el razonamiento</translation>
    </message>
    <message>
        <source>Remember the API keys in the system&apos;s secret store</source>
        <translation>Recordar las claves de API en el almacén de secretos del sistema</translation>
    </message>
    <message>
        <source>OpenAI Responses API</source>
        <translation>API Responses de OpenAI</translation>
    </message>
    <message>
        <source>Reasoning effort</source>
        <translation>Esfuerzo de razonamiento</translation>
    </message>
    <message>
        <source>How hard a reasoning model thinks before answering</source>
        <translation>Cuánto piensa un modelo de razonamiento antes de responder</translation>
    </message>
    <message>
        <source>Reasoning summary</source>
        <translation>Resumen del razonamiento</translation>
    </message>
    <message>
        <source>Whether the reply comes with a summary of the model&apos;s reasoning</source>
        <translation>Si la respuesta incluye un resumen del razonamiento del modelo</translation>
    </message>
    <message>
        <source>Server default</source>
        <comment>reasoning effort</comment>
        <translation>Predeterminado del servidor</translation>
    </message>
    <message>
        <source>Minimal</source>
        <comment>reasoning effort</comment>
        <translation>Mínimo</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>reasoning effort</comment>
        <translation>Bajo</translation>
    </message>
    <message>
        <source>Medium</source>
        <comment>reasoning effort</comment>
        <translation>Medio</translation>
    </message>
    <message>
        <source>High</source>
        <comment>reasoning effort</comment>
        <translation>Alto</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>reasoning summary</comment>
        <translation>Desactivado</translation>
    </message>
    <message>
        <source>Automatic</source>
        <comment>reasoning summary</comment>
        <translation>Automático</translation>
    </message>
    <message>
        <source>Concise</source>
        <comment>reasoning summary</comment>
        <translation>Conciso</translation>
    </message>
    <message>
        <source>Detailed</source>
        <comment>reasoning summary</comment>
        <translation>Detallado</translation>
    </message>
    <message>
        <source>Not connected</source>
        <comment>MCP server status</comment>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <comment>MCP server status</comment>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Ready</source>
        <comment>MCP server status</comment>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Failed</source>
        <comment>MCP server status</comment>
        <translation>Falló</translation>
    </message>
    <message>
        <source>No MCP servers in %1. Add them to its &quot;mcpServers&quot; object, as desktop MCP clients write it, and start the demo again.</source>
        <translation>No hay servidores MCP en %1. Añádelos a su objeto &quot;mcpServers&quot;, como lo escriben los clientes MCP de escritorio, y vuelve a iniciar la demo.</translation>
    </message>
    <message>
        <source>No MCP servers. To add some, write %1 with an &quot;mcpServers&quot; object, as desktop MCP clients do, and start the demo again (or start it with --mcp-config &lt;file&gt;).</source>
        <translation>No hay servidores MCP. Para añadir alguno, escribe %1 con un objeto &quot;mcpServers&quot;, como hacen los clientes MCP de escritorio, y vuelve a iniciar la demo (o iníciala con --mcp-config &lt;archivo&gt;).</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Sin herramientas</translation>
    </message>
    <message>
        <source>1 tool: %1</source>
        <translation>1 herramienta: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tools: %1</source>
        <translation>
            <numerusform>%n herramienta: %1</numerusform>
            <numerusform>%n herramientas: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Problem in the MCP configuration: %1</source>
        <translation>Problema en la configuración MCP: %1</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>Servidor MCP %1</translation>
    </message>
    <message>
        <source>Status of %1: %2</source>
        <translation>Estado de %1: %2</translation>
    </message>
    <message>
        <source>Use the MCP server %1</source>
        <translation>Usar el servidor MCP %1</translation>
    </message>
    <message>
        <source>Turns the server on or off; its tools are offered to the model only while it is on</source>
        <translation>Activa o desactiva el servidor; sus herramientas se ofrecen al modelo solo mientras está activado</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Reiniciar</translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation>Reiniciar el servidor MCP %1</translation>
    </message>
    <message>
        <source>Turned off: its tools are not offered to the model.</source>
        <translation>Desactivado: sus herramientas no se ofrecen al modelo.</translation>
    </message>
    <message>
        <source>Read from %1. Turning a server on or off, and Restart, take effect at once; the switch is kept for the next start.</source>
        <translation>Leído de %1. Activar o desactivar un servidor y «Reiniciar» se aplican al momento; el interruptor se conserva para el próximo inicio.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 falló: %2</translation>
    </message>
    <message>
        <source>AG-UI agent</source>
        <translation>Agente AG-UI</translation>
    </message>
    <message>
        <source>Only for an agent that asks for one</source>
        <translation>Solo para un agente que la pida</translation>
    </message>
    <message>
        <source>Agent URL</source>
        <translation>URL del agente</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Ventana de contexto</translation>
    </message>
    <message>
        <source>The model&apos;s context in tokens; 0 takes the agent&apos;s own</source>
        <translation>El contexto del modelo en tokens; 0 usa el del agente</translation>
    </message>
    <message>
        <source>Compact automatically at</source>
        <translation>Compactar automáticamente al</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nunca</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>How full the context may get before the earlier messages are summarised; Never turns it off</source>
        <translation>Cuánto puede llenarse el contexto antes de resumir los mensajes anteriores; Nunca lo desactiva</translation>
    </message>
    <message>
        <source>Default voice</source>
        <translation>Voz predeterminada</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>reading speed</comment>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Lectura en voz alta</translation>
    </message>
    <message>
        <source>Read replies aloud</source>
        <translation>Leer las respuestas en voz alta</translation>
    </message>
    <message>
        <source>Each reply is spoken while it arrives</source>
        <translation>Cada respuesta se lee mientras llega</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <source>Reading speed</source>
        <translation>Velocidad de lectura</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>Voz a texto</translation>
    </message>
    <message>
        <source>To dictate, set a speech-to-text server here: an OpenAI-compatible one (OpenAI, or a Whisper server on your computer). The microphone button appears in the message box once a server is set; what you say is recorded and sent to this server only.</source>
        <translation>Para dictar, indica aquí un servidor de voz a texto compatible con OpenAI (OpenAI, o un servidor Whisper en tu ordenador). El botón del micrófono aparece en el cuadro de mensaje en cuanto hay un servidor; lo que dices se graba y se envía solo a este servidor.</translation>
    </message>
    <message>
        <source>Speech-to-text server URL</source>
        <translation>URL del servidor de voz a texto</translation>
    </message>
    <message>
        <source>Empty: no dictation</source>
        <translation>Vacío: sin dictado</translation>
    </message>
    <message>
        <source>Speech-to-text model</source>
        <translation>Modelo de voz a texto</translation>
    </message>
    <message>
        <source>Speech-to-text API key</source>
        <translation>Clave de API de voz a texto</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s secret store only when “Remember the API keys” is ticked, like the agent&apos;s keys</source>
        <translation>Se guarda en el almacén de secretos del sistema solo si está marcada «Recordar las claves de API en el almacén de secretos del sistema», como las claves del agente</translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation>Idioma hablado</translation>
    </message>
    <message>
        <source>Detected by the server</source>
        <translation>Lo detecta el servidor</translation>
    </message>
    <message>
        <source>A language code such as en or de; empty: the server detects it</source>
        <translation>Un código de idioma como en o de; vacío: lo detecta el servidor</translation>
    </message>
</context>
<context>
    <name>usage</name>
    <message numerus="yes">
        <source>%Ln token</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>prompt: %L1</source>
        <translation>entrada: %L1</translation>
    </message>
    <message>
        <source>completion: %L1</source>
        <translation>salida: %L1</translation>
    </message>
    <message>
        <source>reasoning: %L1</source>
        <translation>razonamiento: %L1</translation>
    </message>
    <message>
        <source>read from cache: %L1</source>
        <translation>leídos de la caché: %L1</translation>
    </message>
    <message>
        <source>written to cache: %L1</source>
        <translation>escritos en la caché: %L1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
</TS>
