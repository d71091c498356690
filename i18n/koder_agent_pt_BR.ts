<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AbstractBubble</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Gerar novamente</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Ramificar</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <translation>
            <numerusform>Pensou por %n s</numerusform>
            <numerusform>Pensou por %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Raciocínio</translation>
    </message>
    <message>
        <source>The assistant is writing a reply</source>
        <translation>O assistente está escrevendo uma resposta</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Sua mensagem</translation>
    </message>
    <message>
        <source>Result of the tool %1</source>
        <translation>Resultado da ferramenta %1</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Mensagem do sistema</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Ponto de controle</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Mensagem do assistente</translation>
    </message>
    <message>
        <source>Earlier messages summarised (%1)</source>
        <translation>Mensagens anteriores resumidas (%1)</translation>
    </message>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Mensagens anteriores resumidas</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <source>Summary of the earlier messages</source>
        <translation>Resumo das mensagens anteriores</translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>Parar de ler</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Ler em voz alta</translation>
    </message>
</context>
<context>
    <name>AbstractChatView</name>
    <message>
        <source>How can I help?</source>
        <translation>Como posso ajudar?</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <source>Tool %1: denied</source>
        <translation>Ferramenta %1: recusada</translation>
    </message>
    <message>
        <source>Tool %1: result</source>
        <translation>Ferramenta %1: resultado</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Raciocínio: %1</translation>
    </message>
    <message>
        <source>Tool call %1</source>
        <translation>Chamada da ferramenta %1</translation>
    </message>
    <message>
        <source>Calls %1</source>
        <translation>Chama %1</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>Escrevendo</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Interrompida</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erro: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>Copiar a mensagem</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>Gerar a resposta novamente</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar a mensagem</translation>
    </message>
    <message>
        <source>Branch the conversation here</source>
        <translation>Ramificar a conversa aqui</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Versão anterior</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Versão %1 de %2</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Próxima versão</translation>
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
        <translation>Em execução</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Concluído</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Negado</translation>
    </message>
    <message>
        <source>Waiting for approval</source>
        <translation>Aguardando aprovação</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>Mostrar menos</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Mostrar tudo</translation>
    </message>
    <message>
        <source>Show fewer arguments</source>
        <translation>Mostrar menos argumentos</translation>
    </message>
    <message>
        <source>Show all arguments</source>
        <translation>Mostrar todos os argumentos</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Resultado: %1</translation>
    </message>
    <message>
        <source>Show less of the result</source>
        <translation>Mostrar menos do resultado</translation>
    </message>
    <message>
        <source>Show the whole result</source>
        <translation>Mostrar o resultado inteiro</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escrevendo…</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Pesquisa na web</translation>
    </message>
    <message>
        <source>File search</source>
        <translation>Pesquisa de arquivos</translation>
    </message>
    <message>
        <source>MCP tool %1</source>
        <translation>Ferramenta MCP %1</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>Ferramenta MCP</translation>
    </message>
    <message>
        <source>MCP tool list</source>
        <translation>Lista de ferramentas MCP</translation>
    </message>
    <message>
        <source>MCP approval request</source>
        <translation>Pedido de aprovação MCP</translation>
    </message>
    <message>
        <source>Code interpreter</source>
        <translation>Interpretador de código</translation>
    </message>
    <message>
        <source>Custom tool %1</source>
        <translation>Ferramenta personalizada %1</translation>
    </message>
    <message>
        <source>Custom tool</source>
        <translation>Ferramenta personalizada</translation>
    </message>
    <message>
        <source>Server tool</source>
        <translation>Ferramenta do servidor</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Concluído</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>Em andamento</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Pesquisando</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Incompleto</translation>
    </message>
    <message>
        <source>Tool run by the server: %1, %2</source>
        <translation>Ferramenta executada pelo servidor: %1, %2</translation>
    </message>
    <message>
        <source>Tool run by the server: %1</source>
        <translation>Ferramenta executada pelo servidor: %1</translation>
    </message>
    <message>
        <source>Run by the server</source>
        <translation>Executada pelo servidor</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>Entrada: %1</translation>
    </message>
    <message>
        <source>Show all of the input</source>
        <translation>Mostrar a entrada inteira</translation>
    </message>
    <message>
        <source>Show less of the input</source>
        <translation>Mostrar menos da entrada</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>Saída: %1</translation>
    </message>
    <message>
        <source>Show all of the output</source>
        <translation>Mostrar a saída inteira</translation>
    </message>
    <message>
        <source>Show less of the output</source>
        <translation>Mostrar menos da saída</translation>
    </message>
    <message>
        <source>Show all of the error</source>
        <translation>Mostrar o erro inteiro</translation>
    </message>
    <message>
        <source>Show less of the error</source>
        <translation>Mostrar menos do erro</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Aguardando sua resposta</translation>
    </message>
    <message>
        <source>Running, %1</source>
        <translation>Em execução, %1</translation>
    </message>
    <message>
        <source>Running, %1 of %2</source>
        <translation>Em execução, %1 de %2</translation>
    </message>
    <message>
        <source>The summary is shown</source>
        <translation>O resumo está sendo exibido</translation>
    </message>
    <message>
        <source>Shows the summary</source>
        <translation>Mostra o resumo</translation>
    </message>
    <message>
        <source>Undo the summary</source>
        <translation>Desfazer o resumo</translation>
    </message>
    <message>
        <source>The earlier messages are sent to the model again</source>
        <translation>As mensagens anteriores voltam a ser enviadas ao modelo</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Resumo: %1</translation>
    </message>
    <message>
        <source>Cut off at the model&apos;s length limit</source>
        <translation>Cortada no limite de tamanho do modelo</translation>
    </message>
    <message>
        <source>Continue the reply</source>
        <translation>Continuar a resposta</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversa</translation>
    </message>
    <message>
        <source>Jump to latest</source>
        <translation>Ir para a mais recente</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar a mensagem</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>Texto da mensagem</translation>
    </message>
    <message>
        <source>Summarising earlier messages</source>
        <translation>Resumindo as mensagens anteriores</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Resumindo as mensagens anteriores…</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>Compactar</translation>
    </message>
    <message>
        <source>Compact the conversation</source>
        <translation>Compactar a conversa</translation>
    </message>
    <message>
        <source>Summarises the earlier messages to free the model&apos;s context</source>
        <translation>Resume as mensagens anteriores para liberar o contexto do modelo</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>Não compactado: %1</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens (%3%)</source>
        <translation>Contexto: %1 de %2 tokens (%3%)</translation>
    </message>
    <message>
        <source>Context: about %1 of %2 tokens (%3%)</source>
        <translation>Contexto: cerca de %1 de %2 tokens (%3%)</translation>
    </message>
</context>
<context>
    <name>KoderAgentController</name>
    <message>
        <source>A reply is still in progress.</source>
        <translation>Ainda há uma resposta em andamento.</translation>
    </message>
    <message>
        <source>There is no reply in progress.</source>
        <translation>Não há nenhuma resposta em andamento.</translation>
    </message>
    <message>
        <source>There is no message with that id.</source>
        <translation>Não há nenhuma mensagem com esse identificador.</translation>
    </message>
    <message>
        <source>Only your own messages can be edited.</source>
        <translation>Só é possível editar as suas próprias mensagens.</translation>
    </message>
    <message>
        <source>That message is not a checkpoint.</source>
        <translation>Essa mensagem não é um ponto de controle.</translation>
    </message>
    <message>
        <source>That message is still being written.</source>
        <translation>Essa mensagem ainda está sendo escrita.</translation>
    </message>
    <message>
        <source>There is no message of yours to answer.</source>
        <translation>Não há nenhuma mensagem sua para responder.</translation>
    </message>
    <message>
        <source>No tool call with that id is waiting for a decision.</source>
        <translation>Nenhuma chamada de ferramenta com esse identificador aguarda uma decisão.</translation>
    </message>
    <message>
        <source>The messages are not valid.</source>
        <translation>As mensagens não são válidas.</translation>
    </message>
    <message>
        <source>The value is not valid.</source>
        <translation>O valor não é válido.</translation>
    </message>
    <message>
        <source>Unknown auto-accept mode &quot;%1&quot;: use always, never or onlyRead.</source>
        <translation>Modo de aceitação automática desconhecido “%1”: use always, never ou onlyRead.</translation>
    </message>
    <message>
        <source>This conversation could not be loaded, so it is read-only until it is deleted or replaced.</source>
        <translation>Esta conversa não pôde ser carregada, então é somente leitura até ser excluída ou substituída.</translation>
    </message>
    <message>
        <source>Unknown policy &quot;%1&quot; for the tool &quot;%2&quot;: use ask, allow or deny.</source>
        <translation>Política desconhecida “%1” para a ferramenta “%2”: use ask, allow ou deny.</translation>
    </message>
    <message>
        <source>The options must be an object like {scope: &quot;once&quot;}.</source>
        <translation>As opções devem ser um objeto como {scope: &quot;once&quot;}.</translation>
    </message>
    <message>
        <source>Unknown scope &quot;%1&quot;: use once, conversation or always.</source>
        <translation>Escopo desconhecido “%1”: use once, conversation ou always.</translation>
    </message>
    <message>
        <source>Edited arguments apply to one call: use approveToolCall().</source>
        <translation>Argumentos editados valem para uma chamada: use approveToolCall().</translation>
    </message>
    <message>
        <source>The arguments must be an object (or its JSON text).</source>
        <translation>Os argumentos devem ser um objeto (ou o texto JSON dele).</translation>
    </message>
    <message>
        <source>Unknown busy policy &quot;%1&quot;: use reject, queue, interrupt or steer.</source>
        <translation>Política de envio desconhecida “%1”: use reject, queue, interrupt ou steer.</translation>
    </message>
    <message>
        <source>Too many replies are running in other conversations. Wait for one to finish, or open one and stop it.</source>
        <translation>Há respostas demais em andamento em outras conversas. Aguarde uma terminar, ou abra uma e interrompa-a.</translation>
    </message>
    <message>
        <source>No question with that id is waiting for an answer.</source>
        <translation>Nenhuma pergunta com esse id está aguardando resposta.</translation>
    </message>
    <message>
        <source>There is nothing to summarise before the latest exchange.</source>
        <translation>Não há nada para resumir antes da última troca.</translation>
    </message>
    <message>
        <source>The conversation is being summarised already.</source>
        <translation>A conversa já está sendo resumida.</translation>
    </message>
    <message>
        <source>That message is not a summary.</source>
        <translation>Essa mensagem não é um resumo.</translation>
    </message>
    <message>
        <source>Only the last reply, when the model&apos;s output limit cut it off, can be continued.</source>
        <translation>Só a última resposta pode ser continuada, quando o limite de saída do modelo a cortou.</translation>
    </message>
</context>
<context>
    <name>KoderAttachmentHelper</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>Não é possível ler %1: %2.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>arquivo inexistente</translation>
    </message>
    <message>
        <source>%1 cannot be attached: only files can.</source>
        <translation>Não é possível anexar %1: só arquivos podem ser anexados.</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>O arquivo</translation>
    </message>
    <message>
        <source>%1 (%2) cannot be attached: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>%1 (%2) não pode ser anexado: só imagens PNG, JPEG, GIF e WebP e arquivos de texto podem.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>tipo desconhecido</translation>
    </message>
    <message>
        <source>%1 (%2) is larger than %3, the most a file may have.</source>
        <translation>%1 (%2) é maior que %3, o tamanho máximo de um arquivo.</translation>
    </message>
    <message>
        <source>Pasted image.png</source>
        <translation>Imagem colada.png</translation>
    </message>
</context>
<context>
    <name>KoderAttachments</name>
    <message>
        <source>Attachments must be a list of {name, mimeType, url}.</source>
        <translation>Os anexos devem ser uma lista de {name, mimeType, url}.</translation>
    </message>
    <message>
        <source>Each attachment must be an object with name, mimeType and url.</source>
        <translation>Cada anexo deve ser um objeto com name, mimeType e url.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>The attachment %1 has no url.</source>
        <translation>O anexo %1 não tem URL.</translation>
    </message>
    <message>
        <source>The attachment %1 is a data: URL without data.</source>
        <translation>O anexo %1 é uma URL data: sem dados.</translation>
    </message>
    <message>
        <source>The attachment %1 is larger than %2.</source>
        <translation>O anexo %1 é maior que %2.</translation>
    </message>
    <message>
        <source>The attachment %1 is not valid base64.</source>
        <translation>O anexo %1 não é base64 válido.</translation>
    </message>
    <message>
        <source>The attachment %1 cannot be read: %2</source>
        <translation>Não é possível ler o anexo %1: %2</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>arquivo inexistente</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address: only images are sent by address (a model cannot fetch other files).</source>
        <translation>O anexo %1 é um endereço da web: só imagens são enviadas por endereço (um modelo não consegue baixar outros arquivos).</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address, and this model takes images as data only: attach the file instead.</source>
        <translation>O anexo %1 é um endereço da web, e este modelo só aceita imagens como dados: anexe o arquivo.</translation>
    </message>
    <message>
        <source>The attachment %1 has a url the library cannot read (%2): use file:, data: or http(s):.</source>
        <translation>O anexo %1 tem uma URL que a biblioteca não consegue ler (%2): use file:, data: ou http(s):.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>O anexo %1 (%2) não pode ser enviado a um modelo: só imagens PNG, JPEG, GIF e WebP e arquivos de texto podem.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>tipo desconhecido</translation>
    </message>
    <message>
        <source>The attachment %1 was not attached here.</source>
        <translation>O anexo %1 não foi anexado aqui.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images, PDF documents and text files can.</source>
        <translation>O anexo %1 (%2) não pode ser enviado a um modelo: só imagens PNG, JPEG, GIF e WebP, documentos PDF e arquivos de texto podem.</translation>
    </message>
</context>
<context>
    <name>KoderConversationStore</name>
    <message>
        <source>Cannot open the conversation store %1: %2</source>
        <translation>Não é possível abrir o armazenamento de conversas %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a usable conversation store: %2</source>
        <translation>%1 não é um armazenamento de conversas utilizável: %2</translation>
    </message>
    <message>
        <source>The in-memory database</source>
        <translation>O banco de dados em memória</translation>
    </message>
    <message>
        <source>%1 was written by a newer version (schema %2); this version reads up to schema %3. It was left untouched.</source>
        <translation>%1 foi gravado por uma versão mais nova (esquema %2); esta versão lê até o esquema %3. O arquivo não foi alterado.</translation>
    </message>
    <message>
        <source>Cannot migrate %1: %2</source>
        <translation>Não é possível migrar %1: %2</translation>
    </message>
    <message>
        <source>Cannot migrate %1 to schema %2: %3</source>
        <translation>Não é possível migrar %1 para o esquema %2: %3</translation>
    </message>
    <message>
        <source>The conversation store is not open.</source>
        <translation>O armazenamento de conversas não está aberto.</translation>
    </message>
    <message>
        <source>Cannot save the conversation: %1</source>
        <translation>Não é possível salvar a conversa: %1</translation>
    </message>
    <message>
        <source>Cannot read the conversation: %1</source>
        <translation>Não é possível ler a conversa: %1</translation>
    </message>
    <message>
        <source>The stored message %1 has an unknown role.</source>
        <translation>A mensagem salva %1 tem um papel desconhecido.</translation>
    </message>
    <message>
        <source>Cannot list the conversations: %1</source>
        <translation>Não é possível listar as conversas: %1</translation>
    </message>
    <message>
        <source>Cannot rename the conversation: %1</source>
        <translation>Não é possível renomear a conversa: %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Não existe a conversa %1.</translation>
    </message>
    <message>
        <source>Cannot delete the conversation: %1</source>
        <translation>Não é possível excluir a conversa: %1</translation>
    </message>
    <message>
        <source>The conversation cannot be imported: %1</source>
        <translation>Não é possível importar a conversa: %1</translation>
    </message>
    <message>
        <source>The details (tool calls, attachments, ...) of the stored message %1 cannot be read: %2. Its text is shown.</source>
        <translation>Não é possível ler os detalhes (chamadas de ferramentas, anexos, …) da mensagem salva %1: %2. O texto dela é exibido.</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its message %2, off the active path, is damaged (%3: %4).</source>
        <translation>Não é possível ler a conversa salva %1: a mensagem %2, fora do caminho ativo, está danificada (%3: %4).</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its versions are damaged (%2).</source>
        <translation>Não é possível ler a conversa salva %1: as versões estão danificadas (%2).</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost what it waited for: %2</source>
        <translation>A conversa salva %1 perdeu o que aguardava: %2</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost its queued messages: %2</source>
        <translation>A conversa salva %1 perdeu as mensagens da fila: %2</translation>
    </message>
    <message>
        <source>Cannot mark the conversation: %1</source>
        <translation>Não é possível marcar a conversa: %1</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <extracomment>An image of a message in an exported conversation, never loaded; %1 is its address.</extracomment>
        <translation>[imagem: %1]</translation>
    </message>
    <message>
        <source>Conversation</source>
        <extracomment>The title of an exported conversation that has none.</extracomment>
        <translation>Conversa</translation>
    </message>
    <message>
        <source>You</source>
        <extracomment>Heading of the user&apos;s messages in an exported conversation.</extracomment>
        <translation>Você</translation>
    </message>
    <message>
        <source>Assistant</source>
        <extracomment>Heading of the model&apos;s replies in an exported conversation.</extracomment>
        <translation>Assistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <extracomment>Heading of what a tool returned in an exported conversation.</extracomment>
        <translation>Resultado da ferramenta</translation>
    </message>
    <message>
        <source>Summary</source>
        <extracomment>Heading of a summary of earlier messages (context compaction) in an export.</extracomment>
        <translation>Resumo</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <extracomment>Before the name of a tool the model called, in an exported conversation.</extracomment>
        <translation>Chamada de ferramenta: %1</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <extracomment>Before the name of the tool whose result follows, in an exported conversation.</extracomment>
        <translation>Ferramenta: %1</translation>
    </message>
    <message>
        <source>The tool reported an error.</source>
        <extracomment>Under the heading of a tool result the tool marked as an error, in an export.</extracomment>
        <translation>A ferramenta relatou um erro.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <extracomment>A reply that ended with an error, in an exported conversation; %1 is the error.</extracomment>
        <translation>Erro: %1</translation>
    </message>
    <message>
        <source>Stopped before the end.</source>
        <extracomment>A reply the user stopped before it was complete, in an exported conversation.</extracomment>
        <translation>Interrompido antes do fim.</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <extracomment>The collapsed part of an exported reply that holds the model&apos;s reasoning.</extracomment>
        <translation>Raciocínio</translation>
    </message>
</context>
<context>
    <name>KoderDictation</name>
    <message>
        <source>No transcription service is set.</source>
        <translation>Nenhum serviço de transcrição está configurado.</translation>
    </message>
    <message>
        <source>No microphone was found.</source>
        <translation>Nenhum microfone foi encontrado.</translation>
    </message>
    <message>
        <source>The microphone went away during the recording.</source>
        <translation>O microfone sumiu durante a gravação.</translation>
    </message>
    <message>
        <source>The transcription was cancelled.</source>
        <translation>A transcrição foi cancelada.</translation>
    </message>
</context>
<context>
    <name>KoderHttpTransport</name>
    <message>
        <source>The model declined to answer.</source>
        <translation>O modelo se recusou a responder.</translation>
    </message>
    <message>
        <source>%1 has no baseUrl.</source>
        <translation>%1 não tem baseUrl.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>O servidor redirecionou para outra origem (%1); a solicitação não foi enviada para lá.</translation>
    </message>
    <message>
        <source>The server sent nothing for %1 ms.</source>
        <translation>O servidor não enviou nada por %1 ms.</translation>
    </message>
</context>
<context>
    <name>KoderLiveRegion</name>
    <message>
        <source>Reply started</source>
        <translation>Resposta iniciada</translation>
    </message>
    <message>
        <source>Reply finished</source>
        <translation>Resposta concluída</translation>
    </message>
    <message>
        <source>Reply stopped</source>
        <translation>Resposta interrompida</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erro: %1</translation>
    </message>
    <message>
        <source>A tool call needs your approval</source>
        <translation>Uma chamada de ferramenta precisa da sua aprovação</translation>
    </message>
    <message>
        <source>Your message was added to the running reply</source>
        <translation>Sua mensagem foi adicionada à resposta em andamento</translation>
    </message>
    <message>
        <source>The agent asks you a question</source>
        <translation>O agente faz uma pergunta para você</translation>
    </message>
    <message>
        <source>The conversation fills %1% of the model&apos;s context</source>
        <translation>A conversa ocupa %1% do contexto do modelo</translation>
    </message>
</context>
<context>
    <name>KoderMcpServer</name>
    <message>
        <source>Another MCP server of this controller has the name &quot;%1&quot;.</source>
        <translation>Outro servidor MCP deste controlador já tem o nome “%1”.</translation>
    </message>
    <message>
        <source>The MCP configuration is not JSON: %1</source>
        <translation>A configuração MCP não é JSON: %1</translation>
    </message>
    <message>
        <source>The MCP configuration has no &quot;mcpServers&quot; object.</source>
        <translation>A configuração MCP não tem um objeto “mcpServers”.</translation>
    </message>
    <message>
        <source>MCP server &quot;%1&quot; needs either a command or a url.</source>
        <translation>O servidor MCP “%1” precisa de um comando ou de uma URL.</translation>
    </message>
    <message>
        <source>The MCP configuration %1 cannot be read: %2</source>
        <translation>Não é possível ler a configuração MCP %1: %2</translation>
    </message>
    <message>
        <source>Listing the tools failed: %1</source>
        <translation>Falha ao listar as ferramentas: %1</translation>
    </message>
    <message>
        <source>The handshake failed: %1</source>
        <translation>Falha na negociação inicial: %1</translation>
    </message>
    <message>
        <source>The server was stopped.</source>
        <translation>O servidor foi interrompido.</translation>
    </message>
    <message>
        <source>The server has no name.</source>
        <translation>O servidor não tem nome.</translation>
    </message>
    <message>
        <source>Set either command or url, not both.</source>
        <translation>Defina command ou url, não os dois.</translation>
    </message>
    <message>
        <source>The url must be http or https.</source>
        <translation>A url deve ser um endereço http ou https.</translation>
    </message>
    <message>
        <source>The server is not ready (%1).</source>
        <translation>O servidor não está pronto (%1).</translation>
    </message>
    <message>
        <source>The server lists more than %1 items in %2.</source>
        <translation>O servidor lista mais de %1 itens em %2.</translation>
    </message>
    <message>
        <source>The server was removed.</source>
        <translation>O servidor foi removido.</translation>
    </message>
</context>
<context>
    <name>KoderSpeech</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>Nenhum mecanismo de fala está disponível.</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Bloco de código.</translation>
    </message>
    <message>
        <source>Code block in %1.</source>
        <translation>Bloco de código em %1.</translation>
    </message>
</context>
<context>
    <name>KoderText</name>
    <message>
        <source>[image: %1]</source>
        <translation>[imagem: %1]</translation>
    </message>
</context>
<context>
    <name>KoderToolResult</name>
    <message>
        <source>Denied by the tool&apos;s policy: it was not run.</source>
        <translation>Recusada pela política da ferramenta: a chamada não foi executada.</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>O usuário recusou esta chamada de ferramenta.</translation>
    </message>
    <message>
        <source>Not completed: the app closed while the tool ran.</source>
        <translation>Não concluída: o aplicativo foi fechado enquanto a ferramenta era executada.</translation>
    </message>
    <message>
        <source>Not run: the app closed before the call was decided.</source>
        <translation>Não executada: o aplicativo foi fechado antes de a chamada ser decidida.</translation>
    </message>
    <message>
        <source>Not run: the user added a message first.</source>
        <translation>Não executada: o usuário adicionou uma mensagem antes.</translation>
    </message>
    <message>
        <source>Not run: the turn reached its step limit.</source>
        <translation>Não executada: a resposta atingiu o limite de etapas.</translation>
    </message>
    <message>
        <source>Denied: the user sent a new message instead.</source>
        <translation>Recusada: o usuário enviou uma nova mensagem em vez disso.</translation>
    </message>
    <message>
        <source>Cancelled: the user sent a new message while the tool ran.</source>
        <translation>Cancelada: o usuário enviou uma nova mensagem enquanto a ferramenta era executada.</translation>
    </message>
    <message>
        <source>Not run: the turn ended before the call was decided.</source>
        <translation>Não executada: a resposta terminou antes de a chamada ser decidida.</translation>
    </message>
    <message>
        <source>Not completed: the turn ended while the tool ran.</source>
        <translation>Não concluída: a resposta terminou enquanto a ferramenta era executada.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped.</source>
        <translation>Cancelada: a resposta foi interrompida.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped while the tool ran.</source>
        <translation>Cancelada: a resposta foi interrompida enquanto a ferramenta era executada.</translation>
    </message>
    <message>
        <source>The user denied this tool call. Reason: %1</source>
        <translation>O usuário recusou esta chamada de ferramenta. Motivo: %1</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;: it was not run.</source>
        <translation>Ferramenta desconhecida “%1”: não foi executada.</translation>
    </message>
    <message>
        <source>The user declined to answer.</source>
        <translation>O usuário preferiu não responder.</translation>
    </message>
</context>
<context>
    <name>KoderTranscriber</name>
    <message>
        <source>A transcription is running already.</source>
        <translation>Já há uma transcrição em andamento.</translation>
    </message>
    <message>
        <source>No transcription server is set.</source>
        <translation>Nenhum servidor de transcrição está configurado.</translation>
    </message>
    <message>
        <source>The transcription server redirected to another origin (%1); the recording was not sent there.</source>
        <translation>O servidor de transcrição redirecionou para outra origem (%1); a gravação não foi enviada para lá.</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer is too large.</source>
        <translation>A resposta do servidor de transcrição é grande demais.</translation>
    </message>
    <message>
        <source>The transcription server refused the key (HTTP %1).</source>
        <translation>O servidor de transcrição recusou a chave (HTTP %1).</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1.</source>
        <translation>O servidor de transcrição respondeu HTTP %1.</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1: %2</source>
        <translation>O servidor de transcrição respondeu HTTP %1: %2</translation>
    </message>
    <message>
        <source>The transcription server (%1) did not answer in time.</source>
        <translation>O servidor de transcrição (%1) não respondeu a tempo.</translation>
    </message>
    <message>
        <source>The transcription server (%1) cannot be reached.</source>
        <translation>Não é possível acessar o servidor de transcrição (%1).</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer holds no text.</source>
        <translation>A resposta do servidor de transcrição não contém texto.</translation>
    </message>
    <message>
        <source>The connection to the transcription server (%1) was closed: its network access manager was deleted.</source>
        <translation>A conexão com o servidor de transcrição (%1) foi fechada: o gerenciador de acesso à rede dele foi excluído.</translation>
    </message>
</context>
<context>
    <name>McpHttpChannel</name>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>O servidor enviou uma mensagem maior que %1 bytes.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>O servidor redirecionou para outra origem (%1); a solicitação não foi enviada para lá.</translation>
    </message>
    <message>
        <source>The server ended the session.</source>
        <translation>O servidor encerrou a sessão.</translation>
    </message>
    <message>
        <source>The server&apos;s answer ended without a result.</source>
        <translation>A resposta do servidor terminou sem um resultado.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1.</source>
        <translation>O servidor respondeu com HTTP %1.</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not a JSON-RPC response to the request.</source>
        <translation>A resposta do servidor não é uma resposta JSON-RPC à solicitação.</translation>
    </message>
</context>
<context>
    <name>McpSession</name>
    <message>
        <source>The server did not answer in time.</source>
        <translation>O servidor não respondeu a tempo.</translation>
    </message>
</context>
<context>
    <name>McpStdioChannel</name>
    <message>
        <source>The server could not be started: %1</source>
        <translation>Não foi possível iniciar o servidor: %1</translation>
    </message>
    <message>
        <source>The server crashed.</source>
        <translation>O servidor fechou inesperadamente.</translation>
    </message>
    <message>
        <source>The server exited with code %1.</source>
        <translation>O servidor terminou com o código %1.</translation>
    </message>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>O servidor enviou uma mensagem maior que %1 bytes.</translation>
    </message>
</context>
<context>
    <name>MicrophoneInput</name>
    <message>
        <source>No microphone was found.</source>
        <translation>Nenhum microfone foi encontrado.</translation>
    </message>
    <message>
        <source>The microphone stopped working.</source>
        <translation>O microfone parou de funcionar.</translation>
    </message>
    <message>
        <source>The microphone could not be opened. Is it in use, or was access to it denied?</source>
        <translation>Não foi possível abrir o microfone. Ele está em uso ou o acesso foi negado?</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>The tool %1 wants to run</source>
        <translation>A ferramenta %1 quer ser executada</translation>
    </message>
    <message>
        <source>It only reads.</source>
        <translation>Ela só lê.</translation>
    </message>
    <message>
        <source>It can change things.</source>
        <translation>Ela pode alterar coisas.</translation>
    </message>
    <message>
        <source>Allow the tool &quot;%1&quot; to run?</source>
        <translation>Permitir que a ferramenta “%1” seja executada?</translation>
    </message>
    <message>
        <source>Read-only: it changes nothing.</source>
        <translation>Somente leitura: não altera nada.</translation>
    </message>
    <message>
        <source>Writing: it can change things.</source>
        <translation>Escrita: pode alterar coisas.</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>Argumentos: %1</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Motivo da recusa (opcional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Motivo da recusa</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Aprovar</translation>
    </message>
    <message>
        <source>Runs the tool</source>
        <translation>Executa a ferramenta</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Recusar</translation>
    </message>
    <message>
        <source>Tells the model the tool was not run</source>
        <translation>Informa ao modelo que a ferramenta não foi executada</translation>
    </message>
    <message numerus="yes">
        <source>%n tools want to run</source>
        <translation>
            <numerusform>%n ferramenta quer ser executada</numerusform>
            <numerusform>%n ferramentas querem ser executadas</numerusform>
        </translation>
    </message>
    <message>
        <source>Approve or deny each call, or all of them.</source>
        <translation>Aprove ou recuse cada chamada, ou todas de uma vez.</translation>
    </message>
    <message>
        <source>Keep the model&apos;s arguments</source>
        <translation>Manter os argumentos do modelo</translation>
    </message>
    <message>
        <source>Edit arguments</source>
        <translation>Editar argumentos</translation>
    </message>
    <message>
        <source>Discards your changes to the arguments</source>
        <translation>Descarta suas alterações nos argumentos</translation>
    </message>
    <message>
        <source>Change the arguments before approving</source>
        <translation>Altere os argumentos antes de aprovar</translation>
    </message>
    <message>
        <source>Arguments (JSON)</source>
        <translation>Argumentos (JSON)</translation>
    </message>
    <message>
        <source>Edited arguments must be a JSON object that fits the tool</source>
        <translation>Argumentos editados devem ser um objeto JSON compatível com a ferramenta</translation>
    </message>
    <message>
        <source>Cannot approve: %1</source>
        <translation>Não é possível aprovar: %1</translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation>Aprovar %1</translation>
    </message>
    <message>
        <source>Deny %1</source>
        <translation>Recusar %1</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Permitir</translation>
    </message>
    <message>
        <source>Only this time</source>
        <translation>Só desta vez</translation>
    </message>
    <message>
        <source>For this conversation</source>
        <translation>Nesta conversa</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Sempre</translation>
    </message>
    <message>
        <source>How long the approval holds</source>
        <translation>Por quanto tempo a aprovação vale</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>Aprovar todas</translation>
    </message>
    <message>
        <source>Runs every tool listed</source>
        <translation>Executa todas as ferramentas listadas</translation>
    </message>
    <message>
        <source>Deny all</source>
        <translation>Recusar todas</translation>
    </message>
    <message>
        <source>Tells the model none of the tools was run</source>
        <translation>Informa ao modelo que nenhuma das ferramentas foi executada</translation>
    </message>
</context>
<context>
    <name>QuestionPrompt</name>
    <message>
        <source>Required</source>
        <translation>Obrigatório</translation>
    </message>
    <message>
        <source>%1 (required)</source>
        <translation>%1 (obrigatório)</translation>
    </message>
    <message>
        <source>Other…</source>
        <translation>Outra…</translation>
    </message>
    <message>
        <source>Type your own answer in the field that follows</source>
        <translation>Escreva sua própria resposta no campo a seguir</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Sua resposta</translation>
    </message>
    <message>
        <source>Other answer</source>
        <translation>Outra resposta</translation>
    </message>
    <message>
        <source>Sends your answer to the agent</source>
        <translation>Envia sua resposta ao agente</translation>
    </message>
    <message>
        <source>Tells the agent you will not answer</source>
        <translation>Avisa o agente que você não vai responder</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>Pergunta %1 de %2</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Recusar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>The answer does not fit the question</source>
        <translation>A resposta não corresponde à pergunta</translation>
    </message>
    <message>
        <source>The question is no longer waiting</source>
        <translation>A pergunta não está mais aguardando</translation>
    </message>
    <message>
        <source>%1: an answer is needed</source>
        <translation>%1: falta uma resposta</translation>
    </message>
    <message>
        <source>%1: enter a whole number</source>
        <translation>%1: digite um número inteiro</translation>
    </message>
    <message>
        <source>%1: enter a number</source>
        <translation>%1: digite um número</translation>
    </message>
    <message>
        <source>%1: choose one of the options</source>
        <translation>%1: escolha uma das opções</translation>
    </message>
    <message>
        <source>%1: at least %2</source>
        <translation>%1: no mínimo %2</translation>
    </message>
    <message>
        <source>%1: at most %2</source>
        <translation>%1: no máximo %2</translation>
    </message>
    <message>
        <source>%1: more than %2</source>
        <translation>%1: mais de %2</translation>
    </message>
    <message>
        <source>%1: less than %2</source>
        <translation>%1: menos de %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: at least %n characters</source>
        <translation>
            <numerusform>%1: no mínimo %n caractere</numerusform>
            <numerusform>%1: no mínimo %n caracteres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: at most %n characters</source>
        <translation>
            <numerusform>%1: no máximo %n caractere</numerusform>
            <numerusform>%1: no máximo %n caracteres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose %n or more</source>
        <translation>
            <numerusform>%1: escolha %n ou mais</numerusform>
            <numerusform>%1: escolha %n ou mais</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose no more than %n</source>
        <translation>
            <numerusform>%1: escolha no máximo %n</numerusform>
            <numerusform>%1: escolha no máximo %n</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not in the expected form</source>
        <translation>%1: não está no formato esperado</translation>
    </message>
    <message>
        <source>%1: enter an email address</source>
        <translation>%1: digite um endereço de e-mail</translation>
    </message>
    <message>
        <source>%1: enter a full address (URI)</source>
        <translation>%1: digite um endereço completo (URI)</translation>
    </message>
    <message>
        <source>%1: enter a date as YYYY-MM-DD</source>
        <translation>%1: digite uma data como AAAA-MM-DD</translation>
    </message>
    <message>
        <source>%1: enter a date and time as YYYY-MM-DDThh:mm:ssZ</source>
        <translation>%1: digite data e hora como AAAA-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <source>name@example.com</source>
        <translation>nome@example.com</translation>
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
        <translation>%1 ou mais</translation>
    </message>
    <message>
        <source>%1 or less</source>
        <translation>%1 ou menos</translation>
    </message>
    <message>
        <source>The agent asks: %1</source>
        <translation>O agente pergunta: %1</translation>
    </message>
    <message>
        <source>Answer, then choose Submit; or Decline. Escape cancels.</source>
        <translation>Responda e escolha Enviar, ou Recusar. Esc cancela.</translation>
    </message>
</context>
<context>
    <name>Sender</name>
    <message>
        <source>Approve or deny the tool call first.</source>
        <translation>Primeiro aprove ou recuse a chamada da ferramenta.</translation>
    </message>
    <message>
        <source>Write a message</source>
        <translation>Escreva uma mensagem</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensagem</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter starts a new line</source>
        <translation>Enter envia, Shift+Enter começa uma nova linha</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Stops the reply</source>
        <translation>Interrompe a resposta</translation>
    </message>
    <message>
        <source>Sends the message</source>
        <translation>Envia a mensagem</translation>
    </message>
    <message>
        <source>Queued messages</source>
        <translation>Mensagens na fila</translation>
    </message>
    <message>
        <source>Queued: %1</source>
        <translation>Na fila: %1</translation>
    </message>
    <message>
        <source>Remove queued message</source>
        <translation>Remover mensagem da fila</translation>
    </message>
    <message>
        <source>Sends after this reply</source>
        <translation>É enviada depois desta resposta</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Na fila</translation>
    </message>
    <message>
        <source>Attached files</source>
        <translation>Arquivos anexados</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Remover %1</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Anexar um arquivo</translation>
    </message>
    <message>
        <source>Images and text files</source>
        <translation>Imagens e arquivos de texto</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Anexar arquivos</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Imagens (%1)</translation>
    </message>
    <message>
        <source>Text files (%1)</source>
        <translation>Arquivos de texto (%1)</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Anexo</translation>
    </message>
    <message>
        <source>Answer or decline the question first.</source>
        <translation>Primeiro responda ou recuse a pergunta.</translation>
    </message>
    <message>
        <source>Stops recording; what you said is written into the message</source>
        <translation>Para a gravação; o que você disse é escrito na mensagem</translation>
    </message>
    <message>
        <source>Records what you say and writes it into the message</source>
        <translation>Grava o que você diz e escreve na mensagem</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>The microphone&apos;s tooltip: its action (Dictate, Stop dictation), then its keyboard shortcut as the platform writes it.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Listens, sends what you said and listens again after the reply</source>
        <translation>Escuta, envia o que você disse e escuta de novo após a resposta</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>Ouvindo…</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>Transcrevendo…</translation>
    </message>
    <message>
        <source>Stop dictation</source>
        <translation>Parar o ditado</translation>
    </message>
    <message>
        <source>Dictate</source>
        <translation>Ditar</translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation>Modo conversa</translation>
    </message>
    <message>
        <source>Nothing was heard; conversation mode ended.</source>
        <translation>Nada foi ouvido; o modo conversa terminou.</translation>
    </message>
    <message>
        <source>Nothing was heard.</source>
        <translation>Nada foi ouvido.</translation>
    </message>
    <message>
        <source>Conversation mode ended: what you said was added to your draft.</source>
        <translation>O modo conversa terminou: o que você disse foi adicionado ao seu rascunho.</translation>
    </message>
</context>
<context>
    <name>TextToSpeechEngine</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>Nenhum mecanismo de fala está disponível.</translation>
    </message>
    <message>
        <source>The speech cannot be played: no audio output is available.</source>
        <translation>Não é possível reproduzir a fala: nenhuma saída de áudio está disponível.</translation>
    </message>
    <message>
        <source>The speech engine has no voice for this language.</source>
        <translation>O mecanismo de fala não tem voz para este idioma.</translation>
    </message>
    <message>
        <source>The speech engine could not read the text.</source>
        <translation>O mecanismo de fala não conseguiu ler o texto.</translation>
    </message>
</context>
</TS>
