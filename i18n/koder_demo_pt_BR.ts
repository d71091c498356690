<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ConversationPane</name>
    <message>
        <source>1 message</source>
        <translation>1 mensagem</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nova</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nova conversa</translation>
    </message>
    <message>
        <source>New conversation (Ctrl+N)</source>
        <translation>Nova conversa (Ctrl+N)</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversas</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Sem título</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renomear…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <source>Your conversations will be listed here.</source>
        <translation>Suas conversas aparecerão aqui.</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renomear conversa</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Excluir conversa</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>Excluir “%1” e todas as suas mensagens? Isso não pode ser desfeito.</translation>
    </message>
    <message>
        <source>replying</source>
        <translation>respondendo</translation>
    </message>
    <message>
        <source>running a tool</source>
        <translation>executando uma ferramenta</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>precisa de aprovação</translation>
    </message>
    <message>
        <source>ended with an error</source>
        <translation>terminou com um erro</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>interrompida</translation>
    </message>
    <message>
        <source>unread reply</source>
        <translation>resposta não lida</translation>
    </message>
    <message>
        <source>Needs approval</source>
        <translation>Precisa de aprovação</translation>
    </message>
    <message numerus="yes">
        <source>%n messages</source>
        <translation>
            <numerusform>%n mensagem</numerusform>
            <numerusform>%n mensagens</numerusform>
        </translation>
    </message>
    <message>
        <source>question waiting</source>
        <translation>pergunta aguardando</translation>
    </message>
    <message>
        <source>Question waiting</source>
        <translation>Pergunta aguardando</translation>
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
        <translation>Nenhuma mensagem corresponde. Conversas com o termo no título:</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Nada corresponde a “%1”.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Você</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado da ferramenta</translation>
    </message>
    <message>
        <source>In “%1”, you wrote: %2</source>
        <translation>Em “%1”, você escreveu: %2</translation>
    </message>
    <message>
        <source>In “%1”, the assistant wrote: %2</source>
        <translation>Em “%1”, o assistente escreveu: %2</translation>
    </message>
    <message>
        <source>In “%1”, a tool result: %2</source>
        <translation>Em “%1”, um resultado de ferramenta: %2</translation>
    </message>
    <message>
        <source>Not exported: the conversation has no messages.</source>
        <translation>Não exportado: a conversa não tem mensagens.</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Não exportado: %1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportado para %1</translation>
    </message>
    <message>
        <source>Search messages</source>
        <translation>Pesquisar mensagens</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>Todas as pastas</translation>
    </message>
    <message>
        <source>Folder shown</source>
        <translation>Pasta exibida</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Voltar</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>the archive</comment>
        <extracomment>The button that shows the archived conversations (a noun: the archive).</extracomment>
        <translation>Arquivadas</translation>
    </message>
    <message>
        <source>Back to the conversations</source>
        <translation>Voltar às conversas</translation>
    </message>
    <message>
        <source>Show the archived conversations</source>
        <translation>Mostrar as conversas arquivadas</translation>
    </message>
    <message>
        <source>Archived conversations</source>
        <translation>Conversas arquivadas</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>Pesquisando</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Resultados da pesquisa</translation>
    </message>
    <message>
        <source>Enter opens. The Menu key shows every action; F2 renames, Ctrl+P pins, Ctrl+E archives, Ctrl+M moves to a folder, Delete deletes.</source>
        <translation>Enter abre. A tecla Menu mostra todas as ações; F2 renomeia, Ctrl+P fixa, Ctrl+E arquiva, Ctrl+M move para uma pasta, Delete exclui.</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>fixada</translation>
    </message>
    <message>
        <source>in the folder %1</source>
        <translation>na pasta %1</translation>
    </message>
    <message>
        <source>No conversation is archived.</source>
        <translation>Nenhuma conversa está arquivada.</translation>
    </message>
    <message>
        <source>No conversation is in this folder.</source>
        <translation>Nenhuma conversa está nesta pasta.</translation>
    </message>
    <message>
        <source>Dismiss the message</source>
        <translation>Dispensar o aviso</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Desafixar</translation>
    </message>
    <message>
        <source>Pin to the top</source>
        <translation>Fixar no topo</translation>
    </message>
    <message>
        <source>Move to folder…</source>
        <translation>Mover para pasta…</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>Desarquivar</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>to archive</comment>
        <extracomment>A conversation&apos;s action (a verb): moves it to the archive.</extracomment>
        <translation>Arquivar</translation>
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
        <translation>Mover para pasta</translation>
    </message>
    <message>
        <source>Folder name (leave it empty for no folder):</source>
        <translation>Nome da pasta (deixe em branco para nenhuma pasta):</translation>
    </message>
    <message>
        <source>No folder</source>
        <translation>Sem pasta</translation>
    </message>
    <message>
        <source>Folder name</source>
        <translation>Nome da pasta</translation>
    </message>
    <message>
        <source>Or pick one:</source>
        <translation>Ou escolha uma:</translation>
    </message>
    <message>
        <source>Folder %1</source>
        <translation>Pasta %1</translation>
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
        <translation>Arquivos HTML (%1)</translation>
    </message>
    <message>
        <source>Markdown files (%1)</source>
        <translation>Arquivos Markdown (%1)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
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
        <translation>status: %1</translation>
    </message>
    <message>
        <source>Tokens per reply</source>
        <translation>Tokens por resposta</translation>
    </message>
    <message>
        <source>No reply reported its usage.</source>
        <translation>Nenhuma resposta informou seu consumo.</translation>
    </message>
    <message>
        <source>Reply %1: %2</source>
        <translation>Resposta %1: %2</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Recusada</translation>
    </message>
    <message>
        <source>Agent state</source>
        <translation>Estado do agente</translation>
    </message>
    <message>
        <source>The agent has shared no state yet.</source>
        <translation>O agente ainda não compartilhou nenhum estado.</translation>
    </message>
    <message>
        <source>The state the AG-UI agent shares, as JSON</source>
        <translation>O estado que o agente AG-UI compartilha, em JSON</translation>
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
        <translation>Nenhum arquivo foi escolhido.</translation>
    </message>
    <message>
        <source>Only a file on this computer can be written: %1</source>
        <translation>Só é possível gravar em um arquivo deste computador: %1</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>Nenhum nome de arquivo foi informado.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Não é possível gravar %1: %2</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>I read the clock with the get_time tool, which may run without asking because it only reads. Its answer is above.</source>
        <translation>Li o relógio com a ferramenta get_time, que pode rodar sem perguntar porque só lê. A resposta está acima.</translation>
    </message>
    <message>
        <source>Koder Agent demo</source>
        <translation>Demo do Koder Agent</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Nova conversa</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configurações…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <source>&amp;Debug panel</source>
        <translation>Painel de &amp;depuração</translation>
    </message>
    <message>
        <source>Show &amp;tool results</source>
        <translation>Mostrar resultados das &amp;ferramentas</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nova conversa</translation>
    </message>
    <message>
        <source>OpenAI-compatible: %1</source>
        <translation>Compatível com OpenAI: %1</translation>
    </message>
    <message>
        <source>WebSocket: %1</source>
        <translation>WebSocket: %1</translation>
    </message>
    <message>
        <source>Offline local agent</source>
        <translation>Agente local offline</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>Conversation store: %1</source>
        <translation>Armazenamento de conversas: %1</translation>
    </message>
    <message>
        <source>Open link?</source>
        <translation>Abrir o link?</translation>
    </message>
    <message>
        <source>This link goes to:</source>
        <translation>Este link leva a:</translation>
    </message>
    <message>
        <source>This link cannot be opened: only web and e-mail addresses can.</source>
        <translation>Este link não pode ser aberto: só endereços da web e de e-mail podem.</translation>
    </message>
    <message>
        <source>Link address: %1</source>
        <translation>Endereço do link: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Open the link</source>
        <translation>Abrir o link</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Do not open the link</source>
        <translation>Não abrir o link</translation>
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
        <translation>Esta conversa: %1</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>Agente: %1</translation>
    </message>
    <message>
        <source>Last reply: %1</source>
        <translation>Última resposta: %1</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>Recusada</translation>
    </message>
    <message>
        <source>The model declined to answer</source>
        <translation>O modelo se recusou a responder</translation>
    </message>
    <message>
        <source>The save_note tool did not run, so nothing was saved.</source>
        <translation>A ferramenta save_note não foi executada, então nada foi salvo.</translation>
    </message>
    <message>
        <source>The save_note tool could not save the note: %1</source>
        <translation>A ferramenta save_note não conseguiu salvar a nota: %1</translation>
    </message>
    <message>
        <source>That was the save_note tool: your note is in your notes file.</source>
        <translation>Essa foi a ferramenta save_note: sua nota está no seu arquivo de notas.</translation>
    </message>
    <message>
        <source>The current date and time on the user&apos;s computer</source>
        <translation>A data e a hora atuais no computador do usuário</translation>
    </message>
    <message>
        <source>Saves a note for the user in their notes file</source>
        <translation>Salva uma nota para o usuário no arquivo de notas dele</translation>
    </message>
    <message>
        <source>OpenAI Responses: %1</source>
        <translation>OpenAI Responses: %1</translation>
    </message>
    <message>
        <source>Which colour should the next note be?</source>
        <translation>De que cor deve ser a próxima nota?</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>Vermelho</translation>
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
        <translation>A ferramenta ask_user não rodou, então não pude perguntar nada a você.</translation>
    </message>
    <message>
        <source>You said: “%1”

I am the **offline demo agent**: this reply streams word by word, with no network and no model. Try:

- *What time is it?* — a read-only tool runs at once
- *Save a note: buy milk* — a writing tool asks for your permission first
- *Ask me a question* — the agent asks you something and waits for your answer

Open **Settings** to talk to a real model instead.</source>
        <translation>Você escreveu: “%1”

Sou o **agente de demonstração offline**: esta resposta chega palavra por palavra, sem rede e sem modelo. Experimente:

- *Que horas são?* — uma ferramenta só de leitura roda na hora
- *Nota: comprar leite* — uma ferramenta que escreve pede sua permissão antes
- *Me pergunte algo* — o agente faz uma pergunta e espera sua resposta

Abra **Configurações** para conversar com um modelo de verdade.</translation>
    </message>
    <message>
        <source>You chose “%1”: your answer came back to me as the result of the ask_user tool.</source>
        <translation>Você escolheu “%1”: sua resposta voltou para mim como resultado da ferramenta ask_user.</translation>
    </message>
    <message>
        <source>You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.</source>
        <translation>Você não respondeu, e tudo bem: a ferramenta ask_user me avisou, e eu sigo sem a resposta.</translation>
    </message>
    <message>
        <source>AG-UI agent: %1</source>
        <translation>Agente AG-UI: %1</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>US$ %1</translation>
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
        <source>Cost: %1</source>
        <translation>Custo: %1</translation>
    </message>
    <message>
        <source>The conversation is too long for the model&apos;s context.</source>
        <translation>A conversa é longa demais para o contexto do modelo.</translation>
    </message>
    <message>
        <source>Compact and retry</source>
        <translation>Compactar e tentar de novo</translation>
    </message>
    <message>
        <source>Summarises the earlier messages, then asks for the reply again</source>
        <translation>Resume as mensagens anteriores e depois pede a resposta de novo</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>Não compactado: %1</translation>
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
        <translation>&amp;Voz</translation>
    </message>
    <message>
        <source>&amp;Conversation mode</source>
        <translation>Modo de &amp;conversa</translation>
    </message>
    <message>
        <source>&amp;Read replies aloud</source>
        <translation>&amp;Ler as respostas em voz alta</translation>
    </message>
    <message>
        <source>&amp;Stop reading</source>
        <translation>&amp;Parar a leitura</translation>
    </message>
    <message>
        <source>&amp;Voice settings…</source>
        <translation>Configurações de &amp;voz…</translation>
    </message>
    <message>
        <source>Set up &amp;dictation…</source>
        <translation>Configurar o &amp;ditado…</translation>
    </message>
</context>
<context>
    <name>NoteBook</name>
    <message>
        <source>There is nothing to save: the note is empty.</source>
        <translation>Não há nada para salvar: a nota está vazia.</translation>
    </message>
    <message>
        <source>No notes file is set.</source>
        <translation>Nenhum arquivo de notas foi definido.</translation>
    </message>
    <message>
        <source>Cannot read your notes file %1: %2</source>
        <translation>Não é possível ler seu arquivo de notas %1: %2</translation>
    </message>
    <message>
        <source>Cannot write your notes file %1: %2</source>
        <translation>Não é possível gravar seu arquivo de notas %1: %2</translation>
    </message>
    <message>
        <source>Saved the note in your notes file (%1).</source>
        <translation>A nota foi salva no seu arquivo de notas (%1).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Offline local agent</source>
        <translation>Agente local offline</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>Servidor compatível com OpenAI</translation>
    </message>
    <message>
        <source>aichat.v1 WebSocket server</source>
        <translation>Servidor WebSocket aichat.v1</translation>
    </message>
    <message>
        <source>Read-only tools run, others ask</source>
        <translation>Ferramentas só de leitura rodam; as outras perguntam</translation>
    </message>
    <message>
        <source>Always ask</source>
        <translation>Sempre perguntar</translation>
    </message>
    <message>
        <source>Never ask (all tools run)</source>
        <translation>Nunca perguntar (todas rodam)</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Seguir o sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Escuro</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL do servidor</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Chave de API</translation>
    </message>
    <message>
        <source>Not needed for local servers</source>
        <translation>Não é necessária para servidores locais</translation>
    </message>
    <message>
        <source>WebSocket URL</source>
        <translation>URL do WebSocket</translation>
    </message>
    <message>
        <source>Tool permissions</source>
        <translation>Permissões de ferramentas</translation>
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
        <translation>Como acima</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Perguntar</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Permitir</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Recusar</translation>
    </message>
    <message>
        <source>Each tool</source>
        <translation>Cada ferramenta</translation>
    </message>
    <message>
        <source>Permission for the tool %1</source>
        <translation>Permissão para a ferramenta %1</translation>
    </message>
    <message>
        <source>Reset tool permissions</source>
        <translation>Redefinir as permissões das ferramentas</translation>
    </message>
    <message>
        <source>Every tool follows the setting above again</source>
        <translation>Cada ferramenta volta a seguir a configuração acima</translation>
    </message>
    <message>
        <source>Queue it for after the reply</source>
        <translation>Colocar na fila para depois da resposta</translation>
    </message>
    <message>
        <source>Add it to the running reply</source>
        <translation>Adicionar à resposta em andamento</translation>
    </message>
    <message>
        <source>Stop the reply and send it</source>
        <translation>Parar a resposta e enviar</translation>
    </message>
    <message>
        <source>Refuse it until the reply ends</source>
        <translation>Recusar até a resposta terminar</translation>
    </message>
    <message>
        <source>Sending during a reply</source>
        <translation>Enviar durante uma resposta</translation>
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
        <translation>Só para um servidor que exija uma</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Obrigatória</translation>
    </message>
    <message>
        <source>Looking for the system&apos;s secret store…</source>
        <translation>Procurando o armazenamento de segredos do sistema…</translation>
    </message>
    <message>
        <source>The key cannot be remembered: no secret store (such as GNOME Keyring or KWallet) is running. It is kept until the demo quits.</source>
        <translation>Não é possível lembrar a chave: nenhum armazenamento de segredos (como GNOME Keyring ou KWallet) está em execução. Ela é mantida até a demo ser fechada.</translation>
    </message>
    <message>
        <source>Think before answering (models that can)</source>
        <translation>Pensar antes de responder (modelos que conseguem)</translation>
    </message>
    <message>
        <source>Thinking budget</source>
        <translation>Orçamento de raciocínio</translation>
    </message>
    <message>
        <source>Tokens the model may think before answering; 0 turns thinking off</source>
        <translation>Tokens que o modelo pode usar para pensar antes de responder; 0 desativa o raciocínio</translation>
    </message>
    <message>
        <source>Remember the API keys in the system&apos;s secret store</source>
        <translation>Lembrar as chaves de API no armazenamento de segredos do sistema</translation>
    </message>
    <message>
        <source>OpenAI Responses API</source>
        <translation>API Responses da OpenAI</translation>
    </message>
    <message>
        <source>Reasoning effort</source>
        <translation>Esforço de raciocínio</translation>
    </message>
    <message>
        <source>How hard a reasoning model thinks before answering</source>
        <translation>Quanto um modelo de raciocínio pensa antes de responder</translation>
    </message>
    <message>
        <source>Reasoning summary</source>
        <translation>Resumo do raciocínio</translation>
    </message>
    <message>
        <source>Whether the reply comes with a summary of the model&apos;s reasoning</source>
        <translation>Se a resposta traz um resumo do raciocínio do modelo</translation>
    </message>
    <message>
        <source>Server default</source>
        <comment>reasoning effort</comment>
        <translation>Padrão do servidor</translation>
    </message>
    <message>
        <source>Minimal</source>
        <comment>reasoning effort</comment>
        <translation>Mínimo</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>reasoning effort</comment>
        <translation>Baixo</translation>
    </message>
    <message>
        <source>Medium</source>
        <comment>reasoning effort</comment>
        <translation>Médio</translation>
    </message>
    <message>
        <source>High</source>
        <comment>reasoning effort</comment>
        <translation>Alto</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>reasoning summary</comment>
        <translation>Desativado</translation>
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
        <translation>Detalhado</translation>
    </message>
    <message>
        <source>Not connected</source>
        <comment>MCP server status</comment>
        <translation>Desconectado</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <comment>MCP server status</comment>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Ready</source>
        <comment>MCP server status</comment>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Failed</source>
        <comment>MCP server status</comment>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>No MCP servers in %1. Add them to its &quot;mcpServers&quot; object, as desktop MCP clients write it, and start the demo again.</source>
        <translation>Nenhum servidor MCP em %1. Adicione-os ao objeto &quot;mcpServers&quot; dele, como os clientes MCP de desktop o escrevem, e inicie a demo de novo.</translation>
    </message>
    <message>
        <source>No MCP servers. To add some, write %1 with an &quot;mcpServers&quot; object, as desktop MCP clients do, and start the demo again (or start it with --mcp-config &lt;file&gt;).</source>
        <translation>Nenhum servidor MCP. Para adicionar algum, escreva %1 com um objeto &quot;mcpServers&quot;, como fazem os clientes MCP de desktop, e inicie a demo de novo (ou inicie-a com --mcp-config &lt;arquivo&gt;).</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Nenhuma ferramenta</translation>
    </message>
    <message>
        <source>1 tool: %1</source>
        <translation>1 ferramenta: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tools: %1</source>
        <translation>
            <numerusform>%n ferramenta: %1</numerusform>
            <numerusform>%n ferramentas: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Problem in the MCP configuration: %1</source>
        <translation>Problema na configuração MCP: %1</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>Servidor MCP %1</translation>
    </message>
    <message>
        <source>Status of %1: %2</source>
        <translation>Status de %1: %2</translation>
    </message>
    <message>
        <source>Use the MCP server %1</source>
        <translation>Usar o servidor MCP %1</translation>
    </message>
    <message>
        <source>Turns the server on or off; its tools are offered to the model only while it is on</source>
        <translation>Liga ou desliga o servidor; as ferramentas dele são oferecidas ao modelo só enquanto ele está ligado</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Reiniciar</translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation>Reiniciar o servidor MCP %1</translation>
    </message>
    <message>
        <source>Turned off: its tools are not offered to the model.</source>
        <translation>Desligado: as ferramentas dele não são oferecidas ao modelo.</translation>
    </message>
    <message>
        <source>Read from %1. Turning a server on or off, and Restart, take effect at once; the switch is kept for the next start.</source>
        <translation>Lido de %1. Ligar ou desligar um servidor e “Reiniciar” têm efeito na hora; a chave é mantida para a próxima inicialização.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 falhou: %2</translation>
    </message>
    <message>
        <source>AG-UI agent</source>
        <translation>Agente AG-UI</translation>
    </message>
    <message>
        <source>Only for an agent that asks for one</source>
        <translation>Só para um agente que exija uma</translation>
    </message>
    <message>
        <source>Agent URL</source>
        <translation>URL do agente</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Janela de contexto</translation>
    </message>
    <message>
        <source>The model&apos;s context in tokens; 0 takes the agent&apos;s own</source>
        <translation>O contexto do modelo em tokens; 0 usa o do agente</translation>
    </message>
    <message>
        <source>Compact automatically at</source>
        <translation>Compactar automaticamente em</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nunca</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>How full the context may get before the earlier messages are summarised; Never turns it off</source>
        <translation>Quanto o contexto pode encher antes de as mensagens anteriores serem resumidas; Nunca desativa</translation>
    </message>
    <message>
        <source>Default voice</source>
        <translation>Voz padrão</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>reading speed</comment>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Leitura em voz alta</translation>
    </message>
    <message>
        <source>Read replies aloud</source>
        <translation>Ler as respostas em voz alta</translation>
    </message>
    <message>
        <source>Each reply is spoken while it arrives</source>
        <translation>Cada resposta é falada enquanto chega</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidade</translation>
    </message>
    <message>
        <source>Reading speed</source>
        <translation>Velocidade de leitura</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>Voz para texto</translation>
    </message>
    <message>
        <source>To dictate, set a speech-to-text server here: an OpenAI-compatible one (OpenAI, or a Whisper server on your computer). The microphone button appears in the message box once a server is set; what you say is recorded and sent to this server only.</source>
        <translation>Para ditar, defina aqui um servidor de voz para texto compatível com OpenAI (a OpenAI, ou um servidor Whisper no seu computador). O botão do microfone aparece na caixa de mensagem assim que houver um servidor; o que você diz é gravado e enviado só para este servidor.</translation>
    </message>
    <message>
        <source>Speech-to-text server URL</source>
        <translation>URL do servidor de voz para texto</translation>
    </message>
    <message>
        <source>Empty: no dictation</source>
        <translation>Vazio: sem ditado</translation>
    </message>
    <message>
        <source>Speech-to-text model</source>
        <translation>Modelo de voz para texto</translation>
    </message>
    <message>
        <source>Speech-to-text API key</source>
        <translation>Chave de API de voz para texto</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s secret store only when “Remember the API keys” is ticked, like the agent&apos;s keys</source>
        <translation>Guardada no armazenamento de segredos do sistema só quando “Lembrar as chaves de API no armazenamento de segredos do sistema” está marcado, como as chaves do agente</translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation>Idioma falado</translation>
    </message>
    <message>
        <source>Detected by the server</source>
        <translation>Detectado pelo servidor</translation>
    </message>
    <message>
        <source>A language code such as en or de; empty: the server detects it</source>
        <translation>Um código de idioma como en ou de; vazio: o servidor detecta</translation>
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
        <translation>saída: %L1</translation>
    </message>
    <message>
        <source>reasoning: %L1</source>
        <translation>raciocínio: %L1</translation>
    </message>
    <message>
        <source>read from cache: %L1</source>
        <translation>lidos do cache: %L1</translation>
    </message>
    <message>
        <source>written to cache: %L1</source>
        <translation>gravados no cache: %L1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
</TS>
