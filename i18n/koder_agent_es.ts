<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AbstractBubble</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Bifurcar</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <translation>
            <numerusform>Pensó durante %n s</numerusform>
            <numerusform>Pensó durante %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <source>The assistant is writing a reply</source>
        <translation>El asistente está escribiendo una respuesta</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Tu mensaje</translation>
    </message>
    <message>
        <source>Result of the tool %1</source>
        <translation>Resultado de la herramienta %1</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Mensaje del sistema</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Punto de control</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Mensaje del asistente</translation>
    </message>
    <message>
        <source>Earlier messages summarised (%1)</source>
        <translation>Mensajes anteriores resumidos (%1)</translation>
    </message>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Mensajes anteriores resumidos</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <source>Summary of the earlier messages</source>
        <translation>Resumen de los mensajes anteriores</translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>Dejar de leer</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Leer en voz alta</translation>
    </message>
</context>
<context>
    <name>AbstractChatView</name>
    <message>
        <source>How can I help?</source>
        <translation>¿En qué puedo ayudar?</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <source>Tool %1: denied</source>
        <translation>Herramienta %1: denegada</translation>
    </message>
    <message>
        <source>Tool %1: result</source>
        <translation>Herramienta %1: resultado</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Razonamiento: %1</translation>
    </message>
    <message>
        <source>Tool call %1</source>
        <translation>Llamada a la herramienta %1</translation>
    </message>
    <message>
        <source>Calls %1</source>
        <translation>Llama a %1</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>Escribiendo</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Detenido</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>Copiar el mensaje</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>Regenerar la respuesta</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar el mensaje</translation>
    </message>
    <message>
        <source>Branch the conversation here</source>
        <translation>Bifurcar la conversación aquí</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Versión anterior</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Versión %1 de %2</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Versión siguiente</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Copiar código</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Running</source>
        <translation>En ejecución</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Hecho</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Denegado</translation>
    </message>
    <message>
        <source>Waiting for approval</source>
        <translation>Esperando aprobación</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>Mostrar menos</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Mostrar todo</translation>
    </message>
    <message>
        <source>Show fewer arguments</source>
        <translation>Mostrar menos argumentos</translation>
    </message>
    <message>
        <source>Show all arguments</source>
        <translation>Mostrar todos los argumentos</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Resultado: %1</translation>
    </message>
    <message>
        <source>Show less of the result</source>
        <translation>Mostrar menos del resultado</translation>
    </message>
    <message>
        <source>Show the whole result</source>
        <translation>Mostrar todo el resultado</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Búsqueda web</translation>
    </message>
    <message>
        <source>File search</source>
        <translation>Búsqueda de archivos</translation>
    </message>
    <message>
        <source>MCP tool %1</source>
        <translation>Herramienta MCP %1</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>Herramienta MCP</translation>
    </message>
    <message>
        <source>MCP tool list</source>
        <translation>Lista de herramientas MCP</translation>
    </message>
    <message>
        <source>MCP approval request</source>
        <translation>Solicitud de aprobación MCP</translation>
    </message>
    <message>
        <source>Code interpreter</source>
        <translation>Intérprete de código</translation>
    </message>
    <message>
        <source>Custom tool %1</source>
        <translation>Herramienta personalizada %1</translation>
    </message>
    <message>
        <source>Custom tool</source>
        <translation>Herramienta personalizada</translation>
    </message>
    <message>
        <source>Server tool</source>
        <translation>Herramienta del servidor</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Completado</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>En curso</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Buscando</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Incompleto</translation>
    </message>
    <message>
        <source>Tool run by the server: %1, %2</source>
        <translation>Herramienta ejecutada por el servidor: %1, %2</translation>
    </message>
    <message>
        <source>Tool run by the server: %1</source>
        <translation>Herramienta ejecutada por el servidor: %1</translation>
    </message>
    <message>
        <source>Run by the server</source>
        <translation>Ejecutada por el servidor</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>Entrada: %1</translation>
    </message>
    <message>
        <source>Show all of the input</source>
        <translation>Mostrar toda la entrada</translation>
    </message>
    <message>
        <source>Show less of the input</source>
        <translation>Mostrar menos de la entrada</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>Salida: %1</translation>
    </message>
    <message>
        <source>Show all of the output</source>
        <translation>Mostrar toda la salida</translation>
    </message>
    <message>
        <source>Show less of the output</source>
        <translation>Mostrar menos de la salida</translation>
    </message>
    <message>
        <source>Show all of the error</source>
        <translation>Mostrar todo el error</translation>
    </message>
    <message>
        <source>Show less of the error</source>
        <translation>Mostrar menos del error</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Esperando tu respuesta</translation>
    </message>
    <message>
        <source>Running, %1</source>
        <translation>En ejecución, %1</translation>
    </message>
    <message>
        <source>Running, %1 of %2</source>
        <translation>En ejecución, %1 de %2</translation>
    </message>
    <message>
        <source>The summary is shown</source>
        <translation>Se muestra el resumen</translation>
    </message>
    <message>
        <source>Shows the summary</source>
        <translation>Muestra el resumen</translation>
    </message>
    <message>
        <source>Undo the summary</source>
        <translation>Deshacer el resumen</translation>
    </message>
    <message>
        <source>The earlier messages are sent to the model again</source>
        <translation>Los mensajes anteriores se vuelven a enviar al modelo</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Resumen: %1</translation>
    </message>
    <message>
        <source>Cut off at the model&apos;s length limit</source>
        <translation>Cortada en el límite de longitud del modelo</translation>
    </message>
    <message>
        <source>Continue the reply</source>
        <translation>Continuar la respuesta</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>Jump to latest</source>
        <translation>Ir al último mensaje</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar el mensaje</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>Texto del mensaje</translation>
    </message>
    <message>
        <source>Summarising earlier messages</source>
        <translation>Resumiendo los mensajes anteriores</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Resumiendo los mensajes anteriores…</translation>
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
        <source>Not compacted: %1</source>
        <translation>No se ha compactado: %1</translation>
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
        <translation>Contexto: %1 de %2 tokens (%3 %)</translation>
    </message>
    <message>
        <source>Context: about %1 of %2 tokens (%3%)</source>
        <translation>Contexto: unos %1 de %2 tokens (%3 %)</translation>
    </message>
</context>
<context>
    <name>KoderAgentController</name>
    <message>
        <source>A reply is still in progress.</source>
        <translation>Todavía hay una respuesta en curso.</translation>
    </message>
    <message>
        <source>There is no reply in progress.</source>
        <translation>No hay ninguna respuesta en curso.</translation>
    </message>
    <message>
        <source>There is no message with that id.</source>
        <translation>No hay ningún mensaje con ese identificador.</translation>
    </message>
    <message>
        <source>Only your own messages can be edited.</source>
        <translation>Solo puedes editar tus propios mensajes.</translation>
    </message>
    <message>
        <source>That message is not a checkpoint.</source>
        <translation>Ese mensaje no es un punto de control.</translation>
    </message>
    <message>
        <source>That message is still being written.</source>
        <translation>Ese mensaje todavía se está escribiendo.</translation>
    </message>
    <message>
        <source>There is no message of yours to answer.</source>
        <translation>No hay ningún mensaje tuyo que responder.</translation>
    </message>
    <message>
        <source>No tool call with that id is waiting for a decision.</source>
        <translation>Ninguna llamada a herramienta con ese identificador espera una decisión.</translation>
    </message>
    <message>
        <source>The messages are not valid.</source>
        <translation>Los mensajes no son válidos.</translation>
    </message>
    <message>
        <source>The value is not valid.</source>
        <translation>El valor no es válido.</translation>
    </message>
    <message>
        <source>Unknown auto-accept mode &quot;%1&quot;: use always, never or onlyRead.</source>
        <translation>Modo de aceptación automática desconocido «%1»: usa always, never u onlyRead.</translation>
    </message>
    <message>
        <source>This conversation could not be loaded, so it is read-only until it is deleted or replaced.</source>
        <translation>Esta conversación no se pudo cargar, así que es de solo lectura hasta que se elimine o se reemplace.</translation>
    </message>
    <message>
        <source>Unknown policy &quot;%1&quot; for the tool &quot;%2&quot;: use ask, allow or deny.</source>
        <translation>Política desconocida «%1» para la herramienta «%2»: usa ask, allow o deny.</translation>
    </message>
    <message>
        <source>The options must be an object like {scope: &quot;once&quot;}.</source>
        <translation>Las opciones deben ser un objeto como {scope: &quot;once&quot;}.</translation>
    </message>
    <message>
        <source>Unknown scope &quot;%1&quot;: use once, conversation or always.</source>
        <translation>Alcance desconocido «%1»: usa once, conversation o always.</translation>
    </message>
    <message>
        <source>Edited arguments apply to one call: use approveToolCall().</source>
        <translation>Los argumentos editados se aplican a una sola llamada: usa approveToolCall().</translation>
    </message>
    <message>
        <source>The arguments must be an object (or its JSON text).</source>
        <translation>Los argumentos deben ser un objeto (o su texto JSON).</translation>
    </message>
    <message>
        <source>Unknown busy policy &quot;%1&quot;: use reject, queue, interrupt or steer.</source>
        <translation>Política de envío desconocida «%1»: usa reject, queue, interrupt o steer.</translation>
    </message>
    <message>
        <source>Too many replies are running in other conversations. Wait for one to finish, or open one and stop it.</source>
        <translation>Hay demasiadas respuestas en curso en otras conversaciones. Espera a que termine una, o abre una y detenla.</translation>
    </message>
    <message>
        <source>No question with that id is waiting for an answer.</source>
        <translation>Ninguna pregunta con ese id espera respuesta.</translation>
    </message>
    <message>
        <source>There is nothing to summarise before the latest exchange.</source>
        <translation>No hay nada que resumir antes del último intercambio.</translation>
    </message>
    <message>
        <source>The conversation is being summarised already.</source>
        <translation>La conversación ya se está resumiendo.</translation>
    </message>
    <message>
        <source>That message is not a summary.</source>
        <translation>Ese mensaje no es un resumen.</translation>
    </message>
    <message>
        <source>Only the last reply, when the model&apos;s output limit cut it off, can be continued.</source>
        <translation>Solo se puede continuar la última respuesta, cuando el límite de salida del modelo la cortó.</translation>
    </message>
</context>
<context>
    <name>KoderAttachmentHelper</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>No se puede leer %1: %2.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>no existe el archivo</translation>
    </message>
    <message>
        <source>%1 cannot be attached: only files can.</source>
        <translation>No se puede adjuntar %1: solo se pueden adjuntar archivos.</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>El archivo</translation>
    </message>
    <message>
        <source>%1 (%2) cannot be attached: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>%1 (%2) no se puede adjuntar: solo se admiten imágenes PNG, JPEG, GIF y WebP y archivos de texto.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>tipo desconocido</translation>
    </message>
    <message>
        <source>%1 (%2) is larger than %3, the most a file may have.</source>
        <translation>%1 (%2) supera %3, el tamaño máximo de un archivo.</translation>
    </message>
    <message>
        <source>Pasted image.png</source>
        <translation>Imagen pegada.png</translation>
    </message>
</context>
<context>
    <name>KoderAttachments</name>
    <message>
        <source>Attachments must be a list of {name, mimeType, url}.</source>
        <translation>Los adjuntos deben ser una lista de {name, mimeType, url}.</translation>
    </message>
    <message>
        <source>Each attachment must be an object with name, mimeType and url.</source>
        <translation>Cada adjunto debe ser un objeto con name, mimeType y url.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(sin nombre)</translation>
    </message>
    <message>
        <source>The attachment %1 has no url.</source>
        <translation>El adjunto %1 no tiene URL.</translation>
    </message>
    <message>
        <source>The attachment %1 is a data: URL without data.</source>
        <translation>El adjunto %1 es una URL data: sin datos.</translation>
    </message>
    <message>
        <source>The attachment %1 is larger than %2.</source>
        <translation>El adjunto %1 es mayor que %2.</translation>
    </message>
    <message>
        <source>The attachment %1 is not valid base64.</source>
        <translation>El adjunto %1 no es base64 válido.</translation>
    </message>
    <message>
        <source>The attachment %1 cannot be read: %2</source>
        <translation>No se puede leer el adjunto %1: %2</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>no existe el archivo</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address: only images are sent by address (a model cannot fetch other files).</source>
        <translation>El adjunto %1 es una dirección web: solo las imágenes se envían por dirección (un modelo no puede descargar otros archivos).</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address, and this model takes images as data only: attach the file instead.</source>
        <translation>El adjunto %1 es una dirección web y este modelo solo acepta imágenes como datos: adjunta el archivo en su lugar.</translation>
    </message>
    <message>
        <source>The attachment %1 has a url the library cannot read (%2): use file:, data: or http(s):.</source>
        <translation>El adjunto %1 tiene una URL que la biblioteca no puede leer (%2): usa file:, data: o http(s):.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>El adjunto %1 (%2) no se puede enviar a un modelo: solo se admiten imágenes PNG, JPEG, GIF y WebP y archivos de texto.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>tipo desconocido</translation>
    </message>
    <message>
        <source>The attachment %1 was not attached here.</source>
        <translation>El adjunto %1 no se adjuntó aquí.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images, PDF documents and text files can.</source>
        <translation>El adjunto %1 (%2) no se puede enviar a un modelo: solo se admiten imágenes PNG, JPEG, GIF y WebP, documentos PDF y archivos de texto.</translation>
    </message>
</context>
<context>
    <name>KoderConversationStore</name>
    <message>
        <source>Cannot open the conversation store %1: %2</source>
        <translation>No se puede abrir el almacén de conversaciones %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a usable conversation store: %2</source>
        <translation>%1 no es un almacén de conversaciones utilizable: %2</translation>
    </message>
    <message>
        <source>The in-memory database</source>
        <translation>La base de datos en memoria</translation>
    </message>
    <message>
        <source>%1 was written by a newer version (schema %2); this version reads up to schema %3. It was left untouched.</source>
        <translation>%1 fue escrito por una versión más reciente (esquema %2); esta versión lee hasta el esquema %3. No se ha modificado.</translation>
    </message>
    <message>
        <source>Cannot migrate %1: %2</source>
        <translation>No se puede migrar %1: %2</translation>
    </message>
    <message>
        <source>Cannot migrate %1 to schema %2: %3</source>
        <translation>No se puede migrar %1 al esquema %2: %3</translation>
    </message>
    <message>
        <source>The conversation store is not open.</source>
        <translation>El almacén de conversaciones no está abierto.</translation>
    </message>
    <message>
        <source>Cannot save the conversation: %1</source>
        <translation>No se puede guardar la conversación: %1</translation>
    </message>
    <message>
        <source>Cannot read the conversation: %1</source>
        <translation>No se puede leer la conversación: %1</translation>
    </message>
    <message>
        <source>The stored message %1 has an unknown role.</source>
        <translation>El mensaje guardado %1 tiene un rol desconocido.</translation>
    </message>
    <message>
        <source>Cannot list the conversations: %1</source>
        <translation>No se pueden listar las conversaciones: %1</translation>
    </message>
    <message>
        <source>Cannot rename the conversation: %1</source>
        <translation>No se puede renombrar la conversación: %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>No existe la conversación %1.</translation>
    </message>
    <message>
        <source>Cannot delete the conversation: %1</source>
        <translation>No se puede eliminar la conversación: %1</translation>
    </message>
    <message>
        <source>The conversation cannot be imported: %1</source>
        <translation>No se puede importar la conversación: %1</translation>
    </message>
    <message>
        <source>The details (tool calls, attachments, ...) of the stored message %1 cannot be read: %2. Its text is shown.</source>
        <translation>No se pueden leer los detalles (llamadas a herramientas, adjuntos, …) del mensaje guardado %1: %2. Se muestra su texto.</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its message %2, off the active path, is damaged (%3: %4).</source>
        <translation>No se puede leer la conversación guardada %1: su mensaje %2, fuera de la rama activa, está dañado (%3: %4).</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its versions are damaged (%2).</source>
        <translation>No se puede leer la conversación guardada %1: sus versiones están dañadas (%2).</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost what it waited for: %2</source>
        <translation>La conversación guardada %1 perdió lo que esperaba: %2</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost its queued messages: %2</source>
        <translation>La conversación guardada %1 perdió sus mensajes en cola: %2</translation>
    </message>
    <message>
        <source>Cannot mark the conversation: %1</source>
        <translation>No se puede marcar la conversación: %1</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <extracomment>An image of a message in an exported conversation, never loaded; %1 is its address.</extracomment>
        <translation>[imagen: %1]</translation>
    </message>
    <message>
        <source>Conversation</source>
        <extracomment>The title of an exported conversation that has none.</extracomment>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>You</source>
        <extracomment>Heading of the user&apos;s messages in an exported conversation.</extracomment>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Assistant</source>
        <extracomment>Heading of the model&apos;s replies in an exported conversation.</extracomment>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <extracomment>Heading of what a tool returned in an exported conversation.</extracomment>
        <translation>Resultado de la herramienta</translation>
    </message>
    <message>
        <source>Summary</source>
        <extracomment>Heading of a summary of earlier messages (context compaction) in an export.</extracomment>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <extracomment>Before the name of a tool the model called, in an exported conversation.</extracomment>
        <translation>Llamada a herramienta: %1</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <extracomment>Before the name of the tool whose result follows, in an exported conversation.</extracomment>
        <translation>Herramienta: %1</translation>
    </message>
    <message>
        <source>The tool reported an error.</source>
        <extracomment>Under the heading of a tool result the tool marked as an error, in an export.</extracomment>
        <translation>La herramienta informó de un error.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <extracomment>A reply that ended with an error, in an exported conversation; %1 is the error.</extracomment>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>Stopped before the end.</source>
        <extracomment>A reply the user stopped before it was complete, in an exported conversation.</extracomment>
        <translation>Detenido antes del final.</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <extracomment>The collapsed part of an exported reply that holds the model&apos;s reasoning.</extracomment>
        <translation>Razonamiento</translation>
    </message>
</context>
<context>
    <name>KoderDictation</name>
    <message>
        <source>No transcription service is set.</source>
        <translation>No hay ningún servicio de transcripción configurado.</translation>
    </message>
    <message>
        <source>No microphone was found.</source>
        <translation>No se encontró ningún micrófono.</translation>
    </message>
    <message>
        <source>The microphone went away during the recording.</source>
        <translation>El micrófono desapareció durante la grabación.</translation>
    </message>
    <message>
        <source>The transcription was cancelled.</source>
        <translation>Se canceló la transcripción.</translation>
    </message>
</context>
<context>
    <name>KoderHttpTransport</name>
    <message>
        <source>The model declined to answer.</source>
        <translation>El modelo se negó a responder.</translation>
    </message>
    <message>
        <source>%1 has no baseUrl.</source>
        <translation>%1 no tiene baseUrl.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>El servidor redirigió a otro origen (%1); la solicitud no se envió allí.</translation>
    </message>
    <message>
        <source>The server sent nothing for %1 ms.</source>
        <translation>El servidor no envió nada durante %1 ms.</translation>
    </message>
</context>
<context>
    <name>KoderLiveRegion</name>
    <message>
        <source>Reply started</source>
        <translation>Respuesta iniciada</translation>
    </message>
    <message>
        <source>Reply finished</source>
        <translation>Respuesta terminada</translation>
    </message>
    <message>
        <source>Reply stopped</source>
        <translation>Respuesta detenida</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>A tool call needs your approval</source>
        <translation>Una llamada a herramienta necesita tu aprobación</translation>
    </message>
    <message>
        <source>Your message was added to the running reply</source>
        <translation>Tu mensaje se añadió a la respuesta en curso</translation>
    </message>
    <message>
        <source>The agent asks you a question</source>
        <translation>El agente te hace una pregunta</translation>
    </message>
    <message>
        <source>The conversation fills %1% of the model&apos;s context</source>
        <translation>La conversación ocupa el %1 % del contexto del modelo</translation>
    </message>
</context>
<context>
    <name>KoderMcpServer</name>
    <message>
        <source>Another MCP server of this controller has the name &quot;%1&quot;.</source>
        <translation>Otro servidor MCP de este controlador ya tiene el nombre «%1».</translation>
    </message>
    <message>
        <source>The MCP configuration is not JSON: %1</source>
        <translation>La configuración MCP no es JSON: %1</translation>
    </message>
    <message>
        <source>The MCP configuration has no &quot;mcpServers&quot; object.</source>
        <translation>La configuración MCP no tiene un objeto «mcpServers».</translation>
    </message>
    <message>
        <source>MCP server &quot;%1&quot; needs either a command or a url.</source>
        <translation>El servidor MCP «%1» necesita un comando o una URL.</translation>
    </message>
    <message>
        <source>The MCP configuration %1 cannot be read: %2</source>
        <translation>No se puede leer la configuración MCP %1: %2</translation>
    </message>
    <message>
        <source>Listing the tools failed: %1</source>
        <translation>No se pudieron enumerar las herramientas: %1</translation>
    </message>
    <message>
        <source>The handshake failed: %1</source>
        <translation>Falló la negociación inicial: %1</translation>
    </message>
    <message>
        <source>The server was stopped.</source>
        <translation>El servidor fue detenido.</translation>
    </message>
    <message>
        <source>The server has no name.</source>
        <translation>El servidor no tiene nombre.</translation>
    </message>
    <message>
        <source>Set either command or url, not both.</source>
        <translation>Define command o url, no ambos.</translation>
    </message>
    <message>
        <source>The url must be http or https.</source>
        <translation>La url debe ser una dirección http o https.</translation>
    </message>
    <message>
        <source>The server is not ready (%1).</source>
        <translation>El servidor no está listo (%1).</translation>
    </message>
    <message>
        <source>The server lists more than %1 items in %2.</source>
        <translation>El servidor enumera más de %1 elementos en %2.</translation>
    </message>
    <message>
        <source>The server was removed.</source>
        <translation>Se quitó el servidor.</translation>
    </message>
</context>
<context>
    <name>KoderSpeech</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>No hay ningún motor de voz disponible.</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Bloque de código.</translation>
    </message>
    <message>
        <source>Code block in %1.</source>
        <translation>Bloque de código en %1.</translation>
    </message>
</context>
<context>
    <name>KoderText</name>
    <message>
        <source>[image: %1]</source>
        <translation>[imagen: %1]</translation>
    </message>
</context>
<context>
    <name>KoderToolResult</name>
    <message>
        <source>Denied by the tool&apos;s policy: it was not run.</source>
        <translation>Denegada por la política de la herramienta: la llamada no se ejecutó.</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>El usuario denegó esta llamada a la herramienta.</translation>
    </message>
    <message>
        <source>Not completed: the app closed while the tool ran.</source>
        <translation>No completada: la aplicación se cerró mientras la herramienta se ejecutaba.</translation>
    </message>
    <message>
        <source>Not run: the app closed before the call was decided.</source>
        <translation>No ejecutada: la aplicación se cerró antes de que se decidiera sobre la llamada.</translation>
    </message>
    <message>
        <source>Not run: the user added a message first.</source>
        <translation>No ejecutada: el usuario añadió antes un mensaje.</translation>
    </message>
    <message>
        <source>Not run: the turn reached its step limit.</source>
        <translation>No ejecutada: la respuesta alcanzó su límite de pasos.</translation>
    </message>
    <message>
        <source>Denied: the user sent a new message instead.</source>
        <translation>Denegada: el usuario envió un mensaje nuevo en su lugar.</translation>
    </message>
    <message>
        <source>Cancelled: the user sent a new message while the tool ran.</source>
        <translation>Cancelada: el usuario envió un mensaje nuevo mientras la herramienta se ejecutaba.</translation>
    </message>
    <message>
        <source>Not run: the turn ended before the call was decided.</source>
        <translation>No ejecutada: la respuesta terminó antes de que se decidiera sobre la llamada.</translation>
    </message>
    <message>
        <source>Not completed: the turn ended while the tool ran.</source>
        <translation>No completada: la respuesta terminó mientras la herramienta se ejecutaba.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped.</source>
        <translation>Cancelada: se detuvo la respuesta.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped while the tool ran.</source>
        <translation>Cancelada: se detuvo la respuesta mientras la herramienta se ejecutaba.</translation>
    </message>
    <message>
        <source>The user denied this tool call. Reason: %1</source>
        <translation>El usuario denegó esta llamada a la herramienta. Motivo: %1</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;: it was not run.</source>
        <translation>Herramienta desconocida «%1»: no se ejecutó.</translation>
    </message>
    <message>
        <source>The user declined to answer.</source>
        <translation>El usuario prefirió no responder.</translation>
    </message>
</context>
<context>
    <name>KoderTranscriber</name>
    <message>
        <source>A transcription is running already.</source>
        <translation>Ya hay una transcripción en curso.</translation>
    </message>
    <message>
        <source>No transcription server is set.</source>
        <translation>No hay ningún servidor de transcripción configurado.</translation>
    </message>
    <message>
        <source>The transcription server redirected to another origin (%1); the recording was not sent there.</source>
        <translation>El servidor de transcripción redirigió a otro origen (%1); la grabación no se envió allí.</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer is too large.</source>
        <translation>La respuesta del servidor de transcripción es demasiado grande.</translation>
    </message>
    <message>
        <source>The transcription server refused the key (HTTP %1).</source>
        <translation>El servidor de transcripción rechazó la clave (HTTP %1).</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1.</source>
        <translation>El servidor de transcripción respondió HTTP %1.</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1: %2</source>
        <translation>El servidor de transcripción respondió HTTP %1: %2</translation>
    </message>
    <message>
        <source>The transcription server (%1) did not answer in time.</source>
        <translation>El servidor de transcripción (%1) no respondió a tiempo.</translation>
    </message>
    <message>
        <source>The transcription server (%1) cannot be reached.</source>
        <translation>No se puede acceder al servidor de transcripción (%1).</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer holds no text.</source>
        <translation>La respuesta del servidor de transcripción no contiene texto.</translation>
    </message>
    <message>
        <source>The connection to the transcription server (%1) was closed: its network access manager was deleted.</source>
        <translation>Se cerró la conexión con el servidor de transcripción (%1): se eliminó su gestor de acceso a la red.</translation>
    </message>
</context>
<context>
    <name>McpHttpChannel</name>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>El servidor envió un mensaje de más de %1 bytes.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>El servidor redirigió a otro origen (%1); la solicitud no se envió allí.</translation>
    </message>
    <message>
        <source>The server ended the session.</source>
        <translation>El servidor terminó la sesión.</translation>
    </message>
    <message>
        <source>The server&apos;s answer ended without a result.</source>
        <translation>La respuesta del servidor terminó sin un resultado.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1.</source>
        <translation>El servidor respondió con HTTP %1.</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not a JSON-RPC response to the request.</source>
        <translation>La respuesta del servidor no es una respuesta JSON-RPC a la solicitud.</translation>
    </message>
</context>
<context>
    <name>McpSession</name>
    <message>
        <source>The server did not answer in time.</source>
        <translation>El servidor no respondió a tiempo.</translation>
    </message>
</context>
<context>
    <name>McpStdioChannel</name>
    <message>
        <source>The server could not be started: %1</source>
        <translation>No se pudo iniciar el servidor: %1</translation>
    </message>
    <message>
        <source>The server crashed.</source>
        <translation>El servidor se cerró inesperadamente.</translation>
    </message>
    <message>
        <source>The server exited with code %1.</source>
        <translation>El servidor terminó con el código %1.</translation>
    </message>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>El servidor envió un mensaje de más de %1 bytes.</translation>
    </message>
</context>
<context>
    <name>MicrophoneInput</name>
    <message>
        <source>No microphone was found.</source>
        <translation>No se encontró ningún micrófono.</translation>
    </message>
    <message>
        <source>The microphone stopped working.</source>
        <translation>El micrófono dejó de funcionar.</translation>
    </message>
    <message>
        <source>The microphone could not be opened. Is it in use, or was access to it denied?</source>
        <translation>No se pudo abrir el micrófono. ¿Está en uso o se denegó el acceso?</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>The tool %1 wants to run</source>
        <translation>La herramienta %1 quiere ejecutarse</translation>
    </message>
    <message>
        <source>It only reads.</source>
        <translation>Solo lee.</translation>
    </message>
    <message>
        <source>It can change things.</source>
        <translation>Puede cambiar cosas.</translation>
    </message>
    <message>
        <source>Allow the tool &quot;%1&quot; to run?</source>
        <translation>¿Permitir que se ejecute la herramienta «%1»?</translation>
    </message>
    <message>
        <source>Read-only: it changes nothing.</source>
        <translation>Solo lectura: no cambia nada.</translation>
    </message>
    <message>
        <source>Writing: it can change things.</source>
        <translation>Escritura: puede cambiar cosas.</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>Argumentos: %1</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Motivo de la denegación (opcional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Motivo de la denegación</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Aprobar</translation>
    </message>
    <message>
        <source>Runs the tool</source>
        <translation>Ejecuta la herramienta</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
    <message>
        <source>Tells the model the tool was not run</source>
        <translation>Le dice al modelo que la herramienta no se ejecutó</translation>
    </message>
    <message numerus="yes">
        <source>%n tools want to run</source>
        <translation>
            <numerusform>%n herramienta quiere ejecutarse</numerusform>
            <numerusform>%n herramientas quieren ejecutarse</numerusform>
        </translation>
    </message>
    <message>
        <source>Approve or deny each call, or all of them.</source>
        <translation>Aprueba o deniega cada llamada, o todas a la vez.</translation>
    </message>
    <message>
        <source>Keep the model&apos;s arguments</source>
        <translation>Mantener los argumentos del modelo</translation>
    </message>
    <message>
        <source>Edit arguments</source>
        <translation>Editar argumentos</translation>
    </message>
    <message>
        <source>Discards your changes to the arguments</source>
        <translation>Descarta tus cambios en los argumentos</translation>
    </message>
    <message>
        <source>Change the arguments before approving</source>
        <translation>Cambia los argumentos antes de aprobar</translation>
    </message>
    <message>
        <source>Arguments (JSON)</source>
        <translation>Argumentos (JSON)</translation>
    </message>
    <message>
        <source>Edited arguments must be a JSON object that fits the tool</source>
        <translation>Los argumentos editados deben ser un objeto JSON que encaje con la herramienta</translation>
    </message>
    <message>
        <source>Cannot approve: %1</source>
        <translation>No se puede aprobar: %1</translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation>Aprobar %1</translation>
    </message>
    <message>
        <source>Deny %1</source>
        <translation>Denegar %1</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Permitir</translation>
    </message>
    <message>
        <source>Only this time</source>
        <translation>Solo esta vez</translation>
    </message>
    <message>
        <source>For this conversation</source>
        <translation>Para esta conversación</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Siempre</translation>
    </message>
    <message>
        <source>How long the approval holds</source>
        <translation>Cuánto dura la aprobación</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>Aprobar todas</translation>
    </message>
    <message>
        <source>Runs every tool listed</source>
        <translation>Ejecuta todas las herramientas de la lista</translation>
    </message>
    <message>
        <source>Deny all</source>
        <translation>Denegar todas</translation>
    </message>
    <message>
        <source>Tells the model none of the tools was run</source>
        <translation>Indica al modelo que no se ejecutó ninguna herramienta</translation>
    </message>
</context>
<context>
    <name>QuestionPrompt</name>
    <message>
        <source>Required</source>
        <translation>Obligatorio</translation>
    </message>
    <message>
        <source>%1 (required)</source>
        <translation>%1 (obligatorio)</translation>
    </message>
    <message>
        <source>Other…</source>
        <translation>Otra…</translation>
    </message>
    <message>
        <source>Type your own answer in the field that follows</source>
        <translation>Escribe tu propia respuesta en el campo siguiente</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Tu respuesta</translation>
    </message>
    <message>
        <source>Other answer</source>
        <translation>Otra respuesta</translation>
    </message>
    <message>
        <source>Sends your answer to the agent</source>
        <translation>Envía tu respuesta al agente</translation>
    </message>
    <message>
        <source>Tells the agent you will not answer</source>
        <translation>Le dice al agente que no vas a responder</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>Pregunta %1 de %2</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Rechazar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>The answer does not fit the question</source>
        <translation>La respuesta no encaja con la pregunta</translation>
    </message>
    <message>
        <source>The question is no longer waiting</source>
        <translation>La pregunta ya no está esperando</translation>
    </message>
    <message>
        <source>%1: an answer is needed</source>
        <translation>%1: falta una respuesta</translation>
    </message>
    <message>
        <source>%1: enter a whole number</source>
        <translation>%1: escribe un número entero</translation>
    </message>
    <message>
        <source>%1: enter a number</source>
        <translation>%1: escribe un número</translation>
    </message>
    <message>
        <source>%1: choose one of the options</source>
        <translation>%1: elige una de las opciones</translation>
    </message>
    <message>
        <source>%1: at least %2</source>
        <translation>%1: al menos %2</translation>
    </message>
    <message>
        <source>%1: at most %2</source>
        <translation>%1: como máximo %2</translation>
    </message>
    <message>
        <source>%1: more than %2</source>
        <translation>%1: más de %2</translation>
    </message>
    <message>
        <source>%1: less than %2</source>
        <translation>%1: menos de %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: at least %n characters</source>
        <translation>
            <numerusform>%1: al menos %n carácter</numerusform>
            <numerusform>%1: al menos %n caracteres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: at most %n characters</source>
        <translation>
            <numerusform>%1: como máximo %n carácter</numerusform>
            <numerusform>%1: como máximo %n caracteres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose %n or more</source>
        <translation>
            <numerusform>%1: elige %n o más</numerusform>
            <numerusform>%1: elige %n o más</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose no more than %n</source>
        <translation>
            <numerusform>%1: elige como máximo %n</numerusform>
            <numerusform>%1: elige como máximo %n</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not in the expected form</source>
        <translation>%1: no tiene la forma esperada</translation>
    </message>
    <message>
        <source>%1: enter an email address</source>
        <translation>%1: escribe una dirección de correo</translation>
    </message>
    <message>
        <source>%1: enter a full address (URI)</source>
        <translation>%1: escribe una dirección completa (URI)</translation>
    </message>
    <message>
        <source>%1: enter a date as YYYY-MM-DD</source>
        <translation>%1: escribe una fecha como AAAA-MM-DD</translation>
    </message>
    <message>
        <source>%1: enter a date and time as YYYY-MM-DDThh:mm:ssZ</source>
        <translation>%1: escribe fecha y hora como AAAA-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>name@example.com</source>
        <translation>nombre@example.com</translation>
    </message>
    <message>
        <source>https://example.com</source>
        <translation>https://example.com</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>AAAA-MM-DD</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>AAAA-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>From %1 to %2</source>
        <translation>De %1 a %2</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 o más</translation>
    </message>
    <message>
        <source>%1 or less</source>
        <translation>%1 o menos</translation>
    </message>
    <message>
        <source>The agent asks: %1</source>
        <translation>El agente pregunta: %1</translation>
    </message>
    <message>
        <source>Answer, then choose Submit; or Decline. Escape cancels.</source>
        <translation>Responde y elige Enviar, o Rechazar. Escape cancela.</translation>
    </message>
</context>
<context>
    <name>Sender</name>
    <message>
        <source>Approve or deny the tool call first.</source>
        <translation>Primero aprueba o deniega la llamada a la herramienta.</translation>
    </message>
    <message>
        <source>Write a message</source>
        <translation>Escribe un mensaje</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter starts a new line</source>
        <translation>Intro envía, Mayús+Intro empieza una línea nueva</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Stops the reply</source>
        <translation>Detiene la respuesta</translation>
    </message>
    <message>
        <source>Sends the message</source>
        <translation>Envía el mensaje</translation>
    </message>
    <message>
        <source>Queued messages</source>
        <translation>Mensajes en cola</translation>
    </message>
    <message>
        <source>Queued: %1</source>
        <translation>En cola: %1</translation>
    </message>
    <message>
        <source>Remove queued message</source>
        <translation>Quitar el mensaje en cola</translation>
    </message>
    <message>
        <source>Sends after this reply</source>
        <translation>Se envía después de esta respuesta</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>En cola</translation>
    </message>
    <message>
        <source>Attached files</source>
        <translation>Archivos adjuntos</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Quitar %1</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Adjuntar un archivo</translation>
    </message>
    <message>
        <source>Images and text files</source>
        <translation>Imágenes y archivos de texto</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Adjuntar archivos</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Imágenes (%1)</translation>
    </message>
    <message>
        <source>Text files (%1)</source>
        <translation>Archivos de texto (%1)</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Adjunto</translation>
    </message>
    <message>
        <source>Answer or decline the question first.</source>
        <translation>Primero responde o rechaza la pregunta.</translation>
    </message>
    <message>
        <source>Stops recording; what you said is written into the message</source>
        <translation>Detiene la grabación; lo que dijo se escribe en el mensaje</translation>
    </message>
    <message>
        <source>Records what you say and writes it into the message</source>
        <translation>Graba lo que dice y lo escribe en el mensaje</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>The microphone&apos;s tooltip: its action (Dictate, Stop dictation), then its keyboard shortcut as the platform writes it.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Listens, sends what you said and listens again after the reply</source>
        <translation>Escucha, envía lo que dijo y vuelve a escuchar después de la respuesta</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>Escuchando…</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>Transcribiendo…</translation>
    </message>
    <message>
        <source>Stop dictation</source>
        <translation>Detener el dictado</translation>
    </message>
    <message>
        <source>Dictate</source>
        <translation>Dictar</translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation>Modo conversación</translation>
    </message>
    <message>
        <source>Nothing was heard; conversation mode ended.</source>
        <translation>No se oyó nada; el modo conversación terminó.</translation>
    </message>
    <message>
        <source>Nothing was heard.</source>
        <translation>No se oyó nada.</translation>
    </message>
    <message>
        <source>Conversation mode ended: what you said was added to your draft.</source>
        <translation>El modo conversación terminó: lo que dijo se añadió a su borrador.</translation>
    </message>
</context>
<context>
    <name>TextToSpeechEngine</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>No hay ningún motor de voz disponible.</translation>
    </message>
    <message>
        <source>The speech cannot be played: no audio output is available.</source>
        <translation>No se puede reproducir la voz: no hay ninguna salida de audio disponible.</translation>
    </message>
    <message>
        <source>The speech engine has no voice for this language.</source>
        <translation>El motor de voz no tiene ninguna voz para este idioma.</translation>
    </message>
    <message>
        <source>The speech engine could not read the text.</source>
        <translation>El motor de voz no pudo leer el texto.</translation>
    </message>
</context>
</TS>
