<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>ConversationPane</name>
    <message>
        <source>1 message</source>
        <translation>رسالة واحدة</translation>
    </message>
    <message>
        <source>replying</source>
        <translation>يرد</translation>
    </message>
    <message>
        <source>running a tool</source>
        <translation>يشغّل أداة</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>بحاجة إلى موافقة</translation>
    </message>
    <message>
        <source>ended with an error</source>
        <translation>انتهى بخطأ</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>متوقف</translation>
    </message>
    <message>
        <source>unread reply</source>
        <translation>رد غير مقروء</translation>
    </message>
    <message>
        <source>New</source>
        <translation>جديدة</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>New conversation (Ctrl+N)</source>
        <translation>محادثة جديدة (Ctrl+N)</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>بلا عنوان</translation>
    </message>
    <message>
        <source>Needs approval</source>
        <translation>بحاجة إلى موافقة</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>إعادة تسمية…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>حذف…</translation>
    </message>
    <message>
        <source>Your conversations will be listed here.</source>
        <translation>ستظهر محادثاتك هنا.</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>إعادة تسمية المحادثة</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>العنوان</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>حذف المحادثة</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>هل تريد حذف «%1» وكل رسائلها؟ لا يمكن التراجع عن ذلك.</translation>
    </message>
    <message numerus="yes">
        <source>%n messages</source>
        <translation>
            <numerusform>لا رسائل</numerusform>
            <numerusform>رسالة واحدة</numerusform>
            <numerusform>رسالتان</numerusform>
            <numerusform>%n رسائل</numerusform>
            <numerusform>%n رسالة</numerusform>
            <numerusform>%n رسالة</numerusform>
        </translation>
    </message>
    <message>
        <source>question waiting</source>
        <translation>سؤال بانتظار الإجابة</translation>
    </message>
    <message>
        <source>Question waiting</source>
        <translation>سؤال بانتظار الإجابة</translation>
    </message>
    <message>
        <source>1 result</source>
        <translation>نتيجة واحدة</translation>
    </message>
    <message numerus="yes">
        <source>%n results</source>
        <translation>
            <numerusform>لا نتائج</numerusform>
            <numerusform>نتيجة واحدة</numerusform>
            <numerusform>نتيجتان</numerusform>
            <numerusform>%n نتائج</numerusform>
            <numerusform>%n نتيجة</numerusform>
            <numerusform>%n نتيجة</numerusform>
        </translation>
    </message>
    <message>
        <source>No message matches. Conversations with it in their title:</source>
        <translation>لا توجد رسالة مطابقة. محادثات يرد نص البحث في عنوانها:</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>لا شيء يطابق «%1».</translation>
    </message>
    <message>
        <source>You</source>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>المساعد</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>نتيجة أداة</translation>
    </message>
    <message>
        <source>In “%1”, you wrote: %2</source>
        <translation>في «%1»، كتبتَ: %2</translation>
    </message>
    <message>
        <source>In “%1”, the assistant wrote: %2</source>
        <translation>في «%1»، كتب المساعد: %2</translation>
    </message>
    <message>
        <source>In “%1”, a tool result: %2</source>
        <translation>في «%1»، نتيجة أداة: %2</translation>
    </message>
    <message>
        <source>Not exported: the conversation has no messages.</source>
        <translation>لم يتم التصدير: لا رسائل في المحادثة.</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>لم يتم التصدير: %1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>تم التصدير إلى %1</translation>
    </message>
    <message>
        <source>Search messages</source>
        <translation>البحث في الرسائل</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>كل المجلدات</translation>
    </message>
    <message>
        <source>Folder shown</source>
        <translation>المجلد المعروض</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>رجوع</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>the archive</comment>
        <extracomment>The button that shows the archived conversations (a noun: the archive).</extracomment>
        <translation>الأرشيف</translation>
    </message>
    <message>
        <source>Back to the conversations</source>
        <translation>الرجوع إلى المحادثات</translation>
    </message>
    <message>
        <source>Show the archived conversations</source>
        <translation>عرض المحادثات المؤرشفة</translation>
    </message>
    <message>
        <source>Archived conversations</source>
        <translation>المحادثات المؤرشفة</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>جارٍ البحث</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>نتائج البحث</translation>
    </message>
    <message>
        <source>Enter opens. The Menu key shows every action; F2 renames, Ctrl+P pins, Ctrl+E archives, Ctrl+M moves to a folder, Delete deletes.</source>
        <translation>Enter للفتح. مفتاح القائمة يعرض كل الإجراءات؛ F2 لإعادة التسمية، Ctrl+P للتثبيت، Ctrl+E للأرشفة، Ctrl+M للنقل إلى مجلد، Delete للحذف.</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>مثبّتة</translation>
    </message>
    <message>
        <source>in the folder %1</source>
        <translation>في المجلد %1</translation>
    </message>
    <message>
        <source>No conversation is archived.</source>
        <translation>لا توجد محادثات مؤرشفة.</translation>
    </message>
    <message>
        <source>No conversation is in this folder.</source>
        <translation>لا توجد محادثات في هذا المجلد.</translation>
    </message>
    <message>
        <source>Dismiss the message</source>
        <translation>إغلاق الرسالة</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>إلغاء التثبيت</translation>
    </message>
    <message>
        <source>Pin to the top</source>
        <translation>تثبيت في الأعلى</translation>
    </message>
    <message>
        <source>Move to folder…</source>
        <translation>نقل إلى مجلد…</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>إلغاء الأرشفة</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>to archive</comment>
        <extracomment>A conversation&apos;s action (a verb): moves it to the archive.</extracomment>
        <translation>أرشفة</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>تصدير بصيغة Markdown…</translation>
    </message>
    <message>
        <source>Export as HTML…</source>
        <translation>تصدير بصيغة HTML…</translation>
    </message>
    <message>
        <source>Move to folder</source>
        <translation>نقل إلى مجلد</translation>
    </message>
    <message>
        <source>Folder name (leave it empty for no folder):</source>
        <translation>اسم المجلد (اتركه فارغًا لعدم استخدام مجلد):</translation>
    </message>
    <message>
        <source>No folder</source>
        <translation>بلا مجلد</translation>
    </message>
    <message>
        <source>Folder name</source>
        <translation>اسم المجلد</translation>
    </message>
    <message>
        <source>Or pick one:</source>
        <translation>أو اختر واحدًا:</translation>
    </message>
    <message>
        <source>Folder %1</source>
        <translation>المجلد %1</translation>
    </message>
    <message>
        <source>Export as HTML</source>
        <translation>تصدير بصيغة HTML</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>تصدير بصيغة Markdown</translation>
    </message>
    <message>
        <source>HTML files (%1)</source>
        <translation>ملفات HTML (%1)</translation>
    </message>
    <message>
        <source>Markdown files (%1)</source>
        <translation>ملفات Markdown (%1)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
</context>
<context>
    <name>DebugPanel</name>
    <message>
        <source>Event log</source>
        <translation>سجل الأحداث</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>الحالة: %1</translation>
    </message>
    <message>
        <source>Tokens per reply</source>
        <translation>الرموز لكل رد</translation>
    </message>
    <message>
        <source>No reply reported its usage.</source>
        <translation>لم يُبلغ أي رد عن استهلاكه.</translation>
    </message>
    <message>
        <source>Reply %1: %2</source>
        <translation>الرد %1: %2</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>رفض الإجابة</translation>
    </message>
    <message>
        <source>Agent state</source>
        <translation>حالة الوكيل</translation>
    </message>
    <message>
        <source>The agent has shared no state yet.</source>
        <translation>لم يشارك الوكيل أي حالة بعد.</translation>
    </message>
    <message>
        <source>The state the AG-UI agent shares, as JSON</source>
        <translation>الحالة التي يشاركها وكيل AG-UI، بصيغة JSON</translation>
    </message>
    <message>
        <source>Last custom events: %1</source>
        <translation>آخر الأحداث المخصصة: %1</translation>
    </message>
</context>
<context>
    <name>DemoFiles</name>
    <message>
        <source>No file was chosen.</source>
        <translation>لم يُختر أي ملف.</translation>
    </message>
    <message>
        <source>Only a file on this computer can be written: %1</source>
        <translation>لا يمكن الكتابة إلا في ملف على هذا الحاسوب: %1</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>لم يُحدَّد اسم للملف.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>تعذّرت كتابة %1: %2</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>I read the clock with the get_time tool, which may run without asking because it only reads. Its answer is above.</source>
        <translation>قرأت الساعة بأداة get_time، وهي تعمل دون سؤال لأنها تقرأ فقط. إجابتها في الأعلى.</translation>
    </message>
    <message>
        <source>Koder Agent demo</source>
        <translation>العرض التجريبي لـ Koder Agent</translation>
    </message>
    <message>
        <source>OpenAI-compatible: %1</source>
        <translation>متوافق مع OpenAI: %1</translation>
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
        <source>WebSocket: %1</source>
        <translation>WebSocket: %1</translation>
    </message>
    <message>
        <source>Offline local agent</source>
        <translation>وكيل محلي دون اتصال</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;ملف</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>محادثة &amp;جديدة</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;الإعدادات…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;خروج</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>&amp;Debug panel</source>
        <translation>لوحة &amp;التصحيح</translation>
    </message>
    <message>
        <source>Show &amp;tool results</source>
        <translation>إظهار نتائج &amp;الأدوات</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>This conversation: %1</source>
        <translation>هذه المحادثة: %1</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>الوكيل: %1</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Last reply: %1</source>
        <translation>آخر رد: %1</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>رفض الإجابة</translation>
    </message>
    <message>
        <source>The model declined to answer</source>
        <translation>رفض النموذج الإجابة</translation>
    </message>
    <message>
        <source>Conversation store: %1</source>
        <translation>مخزن المحادثات: %1</translation>
    </message>
    <message>
        <source>Open link?</source>
        <translation>هل تريد فتح الرابط؟</translation>
    </message>
    <message>
        <source>This link goes to:</source>
        <translation>يؤدي هذا الرابط إلى:</translation>
    </message>
    <message>
        <source>This link cannot be opened: only web and e-mail addresses can.</source>
        <translation>لا يمكن فتح هذا الرابط: يمكن فتح عناوين الويب والبريد الإلكتروني فقط.</translation>
    </message>
    <message>
        <source>Link address: %1</source>
        <translation>عنوان الرابط: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>فتح</translation>
    </message>
    <message>
        <source>Open the link</source>
        <translation>فتح الرابط</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Do not open the link</source>
        <translation>عدم فتح الرابط</translation>
    </message>
    <message>
        <source>The save_note tool did not run, so nothing was saved.</source>
        <translation>لم تُشغَّل أداة save_note، لذا لم يُحفظ شيء.</translation>
    </message>
    <message>
        <source>The save_note tool could not save the note: %1</source>
        <translation>تعذّر على أداة save_note حفظ الملاحظة: %1</translation>
    </message>
    <message>
        <source>That was the save_note tool: your note is in your notes file.</source>
        <translation>كانت تلك أداة save_note: ملاحظتك في ملف ملاحظاتك.</translation>
    </message>
    <message>
        <source>The current date and time on the user&apos;s computer</source>
        <translation>التاريخ والوقت الحاليان على حاسوب المستخدم</translation>
    </message>
    <message>
        <source>Saves a note for the user in their notes file</source>
        <translation>يحفظ ملاحظة للمستخدم في ملف ملاحظاته</translation>
    </message>
    <message>
        <source>OpenAI Responses: %1</source>
        <translation>OpenAI Responses: %1</translation>
    </message>
    <message>
        <source>Which colour should the next note be?</source>
        <translation>ما لون الملاحظة التالية؟</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>أحمر</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>أخضر</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>أزرق</translation>
    </message>
    <message>
        <source>The ask_user tool did not run, so I could not ask you anything.</source>
        <translation>لم تعمل أداة ask_user، لذا لم أستطع أن أسألك شيئًا.</translation>
    </message>
    <message>
        <source>You said: “%1”

I am the **offline demo agent**: this reply streams word by word, with no network and no model. Try:

- *What time is it?* — a read-only tool runs at once
- *Save a note: buy milk* — a writing tool asks for your permission first
- *Ask me a question* — the agent asks you something and waits for your answer

Open **Settings** to talk to a real model instead.</source>
        <translation>كتبتَ: «%1»

أنا **وكيل العرض التجريبي دون اتصال**: يصل هذا الرد كلمةً كلمة، دون شبكة ودون نموذج. جرّب:

- *كم الساعة؟* — تعمل أداة للقراءة فقط على الفور
- *ملاحظة: شراء الحليب* — تطلب أداة للكتابة إذنك أولًا
- *اسألني سؤالًا* — يطرح عليك الوكيل سؤالًا وينتظر إجابتك

افتح **الإعدادات** لتتحدث مع نموذج حقيقي بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>You chose “%1”: your answer came back to me as the result of the ask_user tool.</source>
        <translation>اخترتَ «%1»: وصلتني إجابتك نتيجةً لأداة ask_user.</translation>
    </message>
    <message>
        <source>You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.</source>
        <translation>لم تُجب، ولا بأس: أخبرتني أداة ask_user بذلك، وسأكمل من دون إجابة.</translation>
    </message>
    <message>
        <source>AG-UI agent: %1</source>
        <translation>وكيل AG-UI: %1</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>ضغط</translation>
    </message>
    <message>
        <source>Compact the conversation</source>
        <translation>ضغط المحادثة</translation>
    </message>
    <message>
        <source>Summarises the earlier messages to free the model&apos;s context</source>
        <translation>يلخص الرسائل السابقة لتحرير سياق النموذج</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>التكلفة: %1</translation>
    </message>
    <message>
        <source>The conversation is too long for the model&apos;s context.</source>
        <translation>المحادثة أطول من أن يتسع لها سياق النموذج.</translation>
    </message>
    <message>
        <source>Compact and retry</source>
        <translation>ضغط وإعادة المحاولة</translation>
    </message>
    <message>
        <source>Summarises the earlier messages, then asks for the reply again</source>
        <translation>يلخص الرسائل السابقة ثم يطلب الرد مرة أخرى</translation>
    </message>
    <message>
        <source>Not compacted: %1</source>
        <translation>لم يُضغط: %1</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>تصدير بصيغة &amp;Markdown…</translation>
    </message>
    <message>
        <source>Export as &amp;HTML…</source>
        <translation>تصدير بصيغة &amp;HTML…</translation>
    </message>
    <message>
        <source>V&amp;oice</source>
        <translation>&amp;الصوت</translation>
    </message>
    <message>
        <source>&amp;Conversation mode</source>
        <translation>وضع &amp;المحادثة</translation>
    </message>
    <message>
        <source>&amp;Read replies aloud</source>
        <translation>&amp;قراءة الردود بصوت عالٍ</translation>
    </message>
    <message>
        <source>&amp;Stop reading</source>
        <translation>&amp;إيقاف القراءة</translation>
    </message>
    <message>
        <source>&amp;Voice settings…</source>
        <translation>إعدادات &amp;الصوت…</translation>
    </message>
    <message>
        <source>Set up &amp;dictation…</source>
        <translation>إعداد &amp;الإملاء…</translation>
    </message>
</context>
<context>
    <name>NoteBook</name>
    <message>
        <source>No notes file is set.</source>
        <translation>لم يُحدَّد ملف للملاحظات.</translation>
    </message>
    <message>
        <source>There is nothing to save: the note is empty.</source>
        <translation>لا يوجد ما يُحفظ: الملاحظة فارغة.</translation>
    </message>
    <message>
        <source>Cannot read your notes file %1: %2</source>
        <translation>تتعذر قراءة ملف ملاحظاتك %1: %2</translation>
    </message>
    <message>
        <source>Cannot write your notes file %1: %2</source>
        <translation>تتعذر الكتابة في ملف ملاحظاتك %1: %2</translation>
    </message>
    <message>
        <source>Saved the note in your notes file (%1).</source>
        <translation>حُفظت الملاحظة في ملف ملاحظاتك (%1).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>As above</source>
        <translation>كما في الأعلى</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>اسأل</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>اسمح</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>ارفض</translation>
    </message>
    <message>
        <source>Offline local agent</source>
        <translation>وكيل محلي دون اتصال</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>خادم متوافق مع OpenAI</translation>
    </message>
    <message>
        <source>Ollama (native API)</source>
        <translation>Ollama (الواجهة الأصلية)</translation>
    </message>
    <message>
        <source>Anthropic (Claude)</source>
        <translation>Anthropic (Claude)</translation>
    </message>
    <message>
        <source>aichat.v1 WebSocket server</source>
        <translation>خادم WebSocket بصيغة aichat.v1</translation>
    </message>
    <message>
        <source>Not needed for local servers</source>
        <translation>غير مطلوب للخوادم المحلية</translation>
    </message>
    <message>
        <source>Only for a server that asks for one</source>
        <translation>فقط لخادم يطلب مفتاحًا</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>مطلوب</translation>
    </message>
    <message>
        <source>Looking for the system&apos;s secret store…</source>
        <translation>جارٍ البحث عن مخزن الأسرار في النظام…</translation>
    </message>
    <message>
        <source>The key cannot be remembered: no secret store (such as GNOME Keyring or KWallet) is running. It is kept until the demo quits.</source>
        <translation>يتعذر حفظ المفتاح: لا يعمل أي مخزن أسرار (مثل GNOME Keyring أو KWallet). سيبقى حتى إغلاق العرض التجريبي.</translation>
    </message>
    <message>
        <source>Read-only tools run, others ask</source>
        <translation>أدوات القراءة تعمل، والأخرى تسأل</translation>
    </message>
    <message>
        <source>Always ask</source>
        <translation>اسأل دائمًا</translation>
    </message>
    <message>
        <source>Never ask (all tools run)</source>
        <translation>لا تسأل أبدًا (تعمل كل الأدوات)</translation>
    </message>
    <message>
        <source>Queue it for after the reply</source>
        <translation>ضعها في الانتظار حتى ينتهي الرد</translation>
    </message>
    <message>
        <source>Add it to the running reply</source>
        <translation>أضفها إلى الرد الجاري</translation>
    </message>
    <message>
        <source>Stop the reply and send it</source>
        <translation>أوقف الرد وأرسلها</translation>
    </message>
    <message>
        <source>Refuse it until the reply ends</source>
        <translation>ارفضها حتى ينتهي الرد</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>مثل النظام</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>فاتح</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>داكن</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>لغة النظام</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>الوكيل</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>عنوان الخادم</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Think before answering (models that can)</source>
        <translation>التفكير قبل الإجابة (للنماذج القادرة على ذلك)</translation>
    </message>
    <message>
        <source>Thinking budget</source>
        <translation>ميزانية التفكير</translation>
    </message>
    <message>
        <source>Tokens the model may think before answering; 0 turns thinking off</source>
        <translation>عدد الرموز التي يمكن للنموذج أن يفكر بها قبل الإجابة؛ 0 يوقف التفكير</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>مفتاح API</translation>
    </message>
    <message>
        <source>Remember the API keys in the system&apos;s secret store</source>
        <translation>حفظ مفاتيح API في مخزن الأسرار في النظام</translation>
    </message>
    <message>
        <source>WebSocket URL</source>
        <translation>عنوان WebSocket</translation>
    </message>
    <message>
        <source>Tool permissions</source>
        <translation>أذونات الأدوات</translation>
    </message>
    <message>
        <source>Sending during a reply</source>
        <translation>الإرسال أثناء الرد</translation>
    </message>
    <message>
        <source>Each tool</source>
        <translation>كل أداة</translation>
    </message>
    <message>
        <source>Permission for the tool %1</source>
        <translation>إذن الأداة %1</translation>
    </message>
    <message>
        <source>Reset tool permissions</source>
        <translation>إعادة تعيين أذونات الأدوات</translation>
    </message>
    <message>
        <source>Every tool follows the setting above again</source>
        <translation>تعود كل أداة إلى اتباع الإعداد أعلاه</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>اللغة</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>السمة</translation>
    </message>
    <message>
        <source>OpenAI Responses API</source>
        <translation>واجهة Responses من OpenAI</translation>
    </message>
    <message>
        <source>Reasoning effort</source>
        <translation>جهد الاستدلال</translation>
    </message>
    <message>
        <source>How hard a reasoning model thinks before answering</source>
        <translation>مدى تفكير نموذج الاستدلال قبل الإجابة</translation>
    </message>
    <message>
        <source>Reasoning summary</source>
        <translation>ملخص الاستدلال</translation>
    </message>
    <message>
        <source>Whether the reply comes with a summary of the model&apos;s reasoning</source>
        <translation>ما إذا كان الرد يتضمن ملخصًا لاستدلال النموذج</translation>
    </message>
    <message>
        <source>Server default</source>
        <comment>reasoning effort</comment>
        <translation>الإعداد الافتراضي للخادم</translation>
    </message>
    <message>
        <source>Minimal</source>
        <comment>reasoning effort</comment>
        <translation>أدنى</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>reasoning effort</comment>
        <translation>منخفض</translation>
    </message>
    <message>
        <source>Medium</source>
        <comment>reasoning effort</comment>
        <translation>متوسط</translation>
    </message>
    <message>
        <source>High</source>
        <comment>reasoning effort</comment>
        <translation>مرتفع</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>reasoning summary</comment>
        <translation>معطّل</translation>
    </message>
    <message>
        <source>Automatic</source>
        <comment>reasoning summary</comment>
        <translation>تلقائي</translation>
    </message>
    <message>
        <source>Concise</source>
        <comment>reasoning summary</comment>
        <translation>موجز</translation>
    </message>
    <message>
        <source>Detailed</source>
        <comment>reasoning summary</comment>
        <translation>مفصّل</translation>
    </message>
    <message>
        <source>Not connected</source>
        <comment>MCP server status</comment>
        <translation>غير متصل</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <comment>MCP server status</comment>
        <translation>جارٍ الاتصال…</translation>
    </message>
    <message>
        <source>Ready</source>
        <comment>MCP server status</comment>
        <translation>جاهز</translation>
    </message>
    <message>
        <source>Failed</source>
        <comment>MCP server status</comment>
        <translation>فشل</translation>
    </message>
    <message>
        <source>No MCP servers in %1. Add them to its &quot;mcpServers&quot; object, as desktop MCP clients write it, and start the demo again.</source>
        <translation>لا توجد خوادم MCP في %1. أضفها إلى الكائن &quot;mcpServers&quot; فيه كما تكتبه عملاء MCP المكتبية، ثم أعد تشغيل العرض التجريبي.</translation>
    </message>
    <message>
        <source>No MCP servers. To add some, write %1 with an &quot;mcpServers&quot; object, as desktop MCP clients do, and start the demo again (or start it with --mcp-config &lt;file&gt;).</source>
        <translation>لا توجد خوادم MCP. لإضافة خوادم، اكتب %1 بكائن &quot;mcpServers&quot; كما تفعل عملاء MCP المكتبية، ثم أعد تشغيل العرض التجريبي (أو شغّله بالخيار ‎--mcp-config &lt;ملف&gt;).</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>لا أدوات</translation>
    </message>
    <message>
        <source>1 tool: %1</source>
        <translation>أداة واحدة: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tools: %1</source>
        <translation>
            <numerusform>لا أدوات: %1</numerusform>
            <numerusform>أداة واحدة: %1</numerusform>
            <numerusform>أداتان: %1</numerusform>
            <numerusform>%n أدوات: %1</numerusform>
            <numerusform>%n أداة: %1</numerusform>
            <numerusform>%n أداة: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>Problem in the MCP configuration: %1</source>
        <translation>مشكلة في إعدادات MCP: %1</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>خادم MCP ‏%1</translation>
    </message>
    <message>
        <source>Status of %1: %2</source>
        <translation>حالة %1: %2</translation>
    </message>
    <message>
        <source>Use the MCP server %1</source>
        <translation>استخدام خادم MCP ‏%1</translation>
    </message>
    <message>
        <source>Turns the server on or off; its tools are offered to the model only while it is on</source>
        <translation>يشغّل الخادم أو يوقفه؛ لا تُعرض أدواته على النموذج إلا وهو مشغَّل</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>إعادة التشغيل</translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation>إعادة تشغيل خادم MCP ‏%1</translation>
    </message>
    <message>
        <source>Turned off: its tools are not offered to the model.</source>
        <translation>متوقف: لا تُعرض أدواته على النموذج.</translation>
    </message>
    <message>
        <source>Read from %1. Turning a server on or off, and Restart, take effect at once; the switch is kept for the next start.</source>
        <translation>مقروء من %1. يسري تشغيل الخادم أو إيقافه و«إعادة التشغيل» فورًا، ويُحفظ وضع المفتاح للتشغيل التالي.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>فشل %1: %2</translation>
    </message>
    <message>
        <source>AG-UI agent</source>
        <translation>وكيل AG-UI</translation>
    </message>
    <message>
        <source>Only for an agent that asks for one</source>
        <translation>فقط لوكيل يطلب مفتاحًا</translation>
    </message>
    <message>
        <source>Agent URL</source>
        <translation>عنوان الوكيل</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>نافذة السياق</translation>
    </message>
    <message>
        <source>The model&apos;s context in tokens; 0 takes the agent&apos;s own</source>
        <translation>سياق النموذج بالرموز؛ 0 يستخدم سياق الوكيل</translation>
    </message>
    <message>
        <source>Compact automatically at</source>
        <translation>الضغط تلقائيًا عند</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>أبدًا</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1٪</translation>
    </message>
    <message>
        <source>How full the context may get before the earlier messages are summarised; Never turns it off</source>
        <translation>مدى امتلاء السياق قبل تلخيص الرسائل السابقة؛ «أبدًا» يوقف ذلك</translation>
    </message>
    <message>
        <source>Default voice</source>
        <translation>الصوت الافتراضي</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>reading speed</comment>
        <translation>عادية</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>القراءة بصوت عالٍ</translation>
    </message>
    <message>
        <source>Read replies aloud</source>
        <translation>قراءة الردود بصوت عالٍ</translation>
    </message>
    <message>
        <source>Each reply is spoken while it arrives</source>
        <translation>يُنطق كل رد أثناء وصوله</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>الصوت</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>السرعة</translation>
    </message>
    <message>
        <source>Reading speed</source>
        <translation>سرعة القراءة</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>تحويل الكلام إلى نص</translation>
    </message>
    <message>
        <source>To dictate, set a speech-to-text server here: an OpenAI-compatible one (OpenAI, or a Whisper server on your computer). The microphone button appears in the message box once a server is set; what you say is recorded and sent to this server only.</source>
        <translation>للإملاء، حدّد هنا خادمًا لتحويل الكلام إلى نص متوافقًا مع OpenAI (مثل OpenAI، أو خادم Whisper على حاسوبك). يظهر زر الميكروفون في مربع الرسالة بمجرد تعيين خادم، ويُسجَّل ما تقوله ويُرسَل إلى هذا الخادم فقط.</translation>
    </message>
    <message>
        <source>Speech-to-text server URL</source>
        <translation>عنوان خادم تحويل الكلام إلى نص</translation>
    </message>
    <message>
        <source>Empty: no dictation</source>
        <translation>فارغ: لا إملاء</translation>
    </message>
    <message>
        <source>Speech-to-text model</source>
        <translation>نموذج تحويل الكلام إلى نص</translation>
    </message>
    <message>
        <source>Speech-to-text API key</source>
        <translation>مفتاح API لتحويل الكلام إلى نص</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s secret store only when “Remember the API keys” is ticked, like the agent&apos;s keys</source>
        <translation>يُحفظ في مخزن الأسرار في النظام فقط عند تحديد «حفظ مفاتيح API في مخزن الأسرار في النظام»، مثل مفاتيح الوكيل</translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation>اللغة المنطوقة</translation>
    </message>
    <message>
        <source>Detected by the server</source>
        <translation>يكتشفها الخادم</translation>
    </message>
    <message>
        <source>A language code such as en or de; empty: the server detects it</source>
        <translation>رمز لغة مثل en أو de؛ فارغ: يكتشفها الخادم</translation>
    </message>
</context>
<context>
    <name>usage</name>
    <message numerus="yes">
        <source>%Ln token</source>
        <translation>
            <numerusform>%Ln رمز</numerusform>
            <numerusform>رمز واحد</numerusform>
            <numerusform>رمزان</numerusform>
            <numerusform>%Ln رموز</numerusform>
            <numerusform>%Ln رمزًا</numerusform>
            <numerusform>%Ln رمز</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln رمز</numerusform>
            <numerusform>رمز واحد</numerusform>
            <numerusform>رمزان</numerusform>
            <numerusform>%Ln رموز</numerusform>
            <numerusform>%Ln رمزًا</numerusform>
            <numerusform>%Ln رمز</numerusform>
        </translation>
    </message>
    <message>
        <source>prompt: %L1</source>
        <translation>الإدخال: %L1</translation>
    </message>
    <message>
        <source>completion: %L1</source>
        <translation>الإخراج: %L1</translation>
    </message>
    <message>
        <source>reasoning: %L1</source>
        <translation>التفكير: %L1</translation>
    </message>
    <message>
        <source>read from cache: %L1</source>
        <translation>مقروء من الذاكرة المؤقتة: %L1</translation>
    </message>
    <message>
        <source>written to cache: %L1</source>
        <translation>مكتوب في الذاكرة المؤقتة: %L1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>، </translation>
    </message>
</context>
</TS>
