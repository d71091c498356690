<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>AbstractBubble</name>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>إعادة التوليد</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>تعديل</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>تفريع</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>يفكّر…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <translation>
            <numerusform>فكّر لمدة %n ثانية</numerusform>
            <numerusform>فكّر لمدة ثانية واحدة</numerusform>
            <numerusform>فكّر لمدة ثانيتين</numerusform>
            <numerusform>فكّر لمدة %n ثوانٍ</numerusform>
            <numerusform>فكّر لمدة %n ثانية</numerusform>
            <numerusform>فكّر لمدة %n ثانية</numerusform>
        </translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>التفكير</translation>
    </message>
    <message>
        <source>The assistant is writing a reply</source>
        <translation>المساعد يكتب ردًا</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>رسالتك</translation>
    </message>
    <message>
        <source>Result of the tool %1</source>
        <translation>نتيجة الأداة %1</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>رسالة النظام</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>نقطة تحقق</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>رسالة المساعد</translation>
    </message>
    <message>
        <source>Earlier messages summarised (%1)</source>
        <translation>تم تلخيص الرسائل السابقة (%1)</translation>
    </message>
    <message>
        <source>Earlier messages summarised</source>
        <translation>تم تلخيص الرسائل السابقة</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>متابعة</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>تراجع</translation>
    </message>
    <message>
        <source>Summary of the earlier messages</source>
        <translation>ملخص الرسائل السابقة</translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>إيقاف القراءة</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>القراءة بصوت عالٍ</translation>
    </message>
</context>
<context>
    <name>AbstractChatView</name>
    <message>
        <source>How can I help?</source>
        <translation>كيف يمكنني المساعدة؟</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <source>Tool %1: denied</source>
        <translation>الأداة %1: مرفوضة</translation>
    </message>
    <message>
        <source>Tool %1: result</source>
        <translation>الأداة %1: النتيجة</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>التفكير: %1</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>تم النسخ</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>نسخ الشيفرة</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>يكتب</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>يكتب…</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>متوقف</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>خطأ: %1</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>النسخة السابقة</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>النسخة %1 من %2</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>النسخة التالية</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>نسخ الرسالة</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>إعادة توليد الرد</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>تعديل الرسالة</translation>
    </message>
    <message>
        <source>Branch the conversation here</source>
        <translation>تفريع المحادثة من هنا</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n رمز</numerusform>
            <numerusform>رمز واحد</numerusform>
            <numerusform>رمزان</numerusform>
            <numerusform>%n رموز</numerusform>
            <numerusform>%n رمزًا</numerusform>
            <numerusform>%n رمز</numerusform>
        </translation>
    </message>
    <message>
        <source>Running</source>
        <translation>قيد التشغيل</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>تم</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>فشل</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>مرفوض</translation>
    </message>
    <message>
        <source>Waiting for approval</source>
        <translation>بانتظار الموافقة</translation>
    </message>
    <message>
        <source>Tool call %1</source>
        <translation>استدعاء الأداة %1</translation>
    </message>
    <message>
        <source>Calls %1</source>
        <translation>يستدعي %1</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>عرض أقل</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>عرض الكل</translation>
    </message>
    <message>
        <source>Show fewer arguments</source>
        <translation>عرض وسائط أقل</translation>
    </message>
    <message>
        <source>Show all arguments</source>
        <translation>عرض كل الوسائط</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>النتيجة: %1</translation>
    </message>
    <message>
        <source>Show less of the result</source>
        <translation>عرض جزء أقل من النتيجة</translation>
    </message>
    <message>
        <source>Show the whole result</source>
        <translation>عرض النتيجة كاملة</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>بحث في الويب</translation>
    </message>
    <message>
        <source>File search</source>
        <translation>بحث في الملفات</translation>
    </message>
    <message>
        <source>MCP tool %1</source>
        <translation>أداة MCP %1</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>أداة MCP</translation>
    </message>
    <message>
        <source>MCP tool list</source>
        <translation>قائمة أدوات MCP</translation>
    </message>
    <message>
        <source>MCP approval request</source>
        <translation>طلب موافقة MCP</translation>
    </message>
    <message>
        <source>Code interpreter</source>
        <translation>مفسّر الشيفرة</translation>
    </message>
    <message>
        <source>Custom tool %1</source>
        <translation>أداة مخصصة %1</translation>
    </message>
    <message>
        <source>Custom tool</source>
        <translation>أداة مخصصة</translation>
    </message>
    <message>
        <source>Server tool</source>
        <translation>أداة الخادم</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>اكتمل</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>قيد التنفيذ</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>جارٍ البحث</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>غير مكتمل</translation>
    </message>
    <message>
        <source>Tool run by the server: %1, %2</source>
        <translation>أداة شغّلها الخادم: %1، %2</translation>
    </message>
    <message>
        <source>Tool run by the server: %1</source>
        <translation>أداة شغّلها الخادم: %1</translation>
    </message>
    <message>
        <source>Run by the server</source>
        <translation>شغّلها الخادم</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>المدخلات: %1</translation>
    </message>
    <message>
        <source>Show all of the input</source>
        <translation>عرض المدخلات كاملة</translation>
    </message>
    <message>
        <source>Show less of the input</source>
        <translation>عرض جزء أقل من المدخلات</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>المخرجات: %1</translation>
    </message>
    <message>
        <source>Show all of the output</source>
        <translation>عرض المخرجات كاملة</translation>
    </message>
    <message>
        <source>Show less of the output</source>
        <translation>عرض جزء أقل من المخرجات</translation>
    </message>
    <message>
        <source>Show all of the error</source>
        <translation>عرض الخطأ كاملًا</translation>
    </message>
    <message>
        <source>Show less of the error</source>
        <translation>عرض جزء أقل من الخطأ</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>بانتظار إجابتك</translation>
    </message>
    <message>
        <source>Running, %1</source>
        <translation>قيد التشغيل، %1</translation>
    </message>
    <message>
        <source>Running, %1 of %2</source>
        <translation>قيد التشغيل، %1 من %2</translation>
    </message>
    <message>
        <source>The summary is shown</source>
        <translation>الملخص معروض</translation>
    </message>
    <message>
        <source>Shows the summary</source>
        <translation>يعرض الملخص</translation>
    </message>
    <message>
        <source>Undo the summary</source>
        <translation>التراجع عن الملخص</translation>
    </message>
    <message>
        <source>The earlier messages are sent to the model again</source>
        <translation>تُرسل الرسائل السابقة إلى النموذج مرة أخرى</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>الملخص: %1</translation>
    </message>
    <message>
        <source>Cut off at the model&apos;s length limit</source>
        <translation>قُطع عند حد الطول للنموذج</translation>
    </message>
    <message>
        <source>Continue the reply</source>
        <translation>متابعة الرد</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Conversation</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>Jump to latest</source>
        <translation>الانتقال إلى الأحدث</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>تعديل الرسالة</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>نص الرسالة</translation>
    </message>
    <message>
        <source>Summarising earlier messages</source>
        <translation>جارٍ تلخيص الرسائل السابقة</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>جارٍ تلخيص الرسائل السابقة…</translation>
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
        <source>Not compacted: %1</source>
        <translation>لم يُضغط: %1</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>%1%</source>
        <translation>%1٪</translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens (%3%)</source>
        <translation>السياق: %1 من %2 رمز (%3٪)</translation>
    </message>
    <message>
        <source>Context: about %1 of %2 tokens (%3%)</source>
        <translation>السياق: نحو %1 من %2 رمز (%3٪)</translation>
    </message>
</context>
<context>
    <name>KoderAgentController</name>
    <message>
        <source>Unknown auto-accept mode &quot;%1&quot;: use always, never or onlyRead.</source>
        <translation>وضع القبول التلقائي «%1» غير معروف: استخدم always أو never أو onlyRead.</translation>
    </message>
    <message>
        <source>Unknown policy &quot;%1&quot; for the tool &quot;%2&quot;: use ask, allow or deny.</source>
        <translation>السياسة «%1» للأداة «%2» غير معروفة: استخدم ask أو allow أو deny.</translation>
    </message>
    <message>
        <source>Unknown busy policy &quot;%1&quot;: use reject, queue, interrupt or steer.</source>
        <translation>سياسة الإرسال أثناء الرد «%1» غير معروفة: استخدم reject أو queue أو interrupt أو steer.</translation>
    </message>
    <message>
        <source>The options must be an object like {scope: &quot;once&quot;}.</source>
        <translation>يجب أن تكون الخيارات كائنًا مثل {scope: &quot;once&quot;}.</translation>
    </message>
    <message>
        <source>Unknown scope &quot;%1&quot;: use once, conversation or always.</source>
        <translation>النطاق «%1» غير معروف: استخدم once أو conversation أو always.</translation>
    </message>
    <message>
        <source>Edited arguments apply to one call: use approveToolCall().</source>
        <translation>الوسائط المعدّلة تخص استدعاءً واحدًا: استخدم approveToolCall().</translation>
    </message>
    <message>
        <source>The arguments must be an object (or its JSON text).</source>
        <translation>يجب أن تكون الوسائط كائنًا (أو نص JSON الخاص به).</translation>
    </message>
    <message>
        <source>A reply is still in progress.</source>
        <translation>لا يزال هناك رد قيد التنفيذ.</translation>
    </message>
    <message>
        <source>There is no reply in progress.</source>
        <translation>لا يوجد رد قيد التنفيذ.</translation>
    </message>
    <message>
        <source>There is no message with that id.</source>
        <translation>لا توجد رسالة بهذا المعرّف.</translation>
    </message>
    <message>
        <source>Only your own messages can be edited.</source>
        <translation>لا يمكن تعديل إلا رسائلك.</translation>
    </message>
    <message>
        <source>That message is not a checkpoint.</source>
        <translation>هذه الرسالة ليست نقطة تحقق.</translation>
    </message>
    <message>
        <source>That message is still being written.</source>
        <translation>لا تزال هذه الرسالة قيد الكتابة.</translation>
    </message>
    <message>
        <source>There is no message of yours to answer.</source>
        <translation>لا توجد رسالة منك للرد عليها.</translation>
    </message>
    <message>
        <source>No tool call with that id is waiting for a decision.</source>
        <translation>لا يوجد استدعاء أداة بهذا المعرّف ينتظر قرارًا.</translation>
    </message>
    <message>
        <source>The messages are not valid.</source>
        <translation>الرسائل غير صالحة.</translation>
    </message>
    <message>
        <source>The value is not valid.</source>
        <translation>القيمة غير صالحة.</translation>
    </message>
    <message>
        <source>This conversation could not be loaded, so it is read-only until it is deleted or replaced.</source>
        <translation>تعذّر تحميل هذه المحادثة، لذا فهي للقراءة فقط إلى أن تُحذف أو تُستبدل.</translation>
    </message>
    <message>
        <source>Too many replies are running in other conversations. Wait for one to finish, or open one and stop it.</source>
        <translation>تجري ردود كثيرة جدًا في محادثات أخرى. انتظر حتى ينتهي أحدها، أو افتح إحدى تلك المحادثات وأوقف ردّها.</translation>
    </message>
    <message>
        <source>No question with that id is waiting for an answer.</source>
        <translation>لا يوجد سؤال بهذا المعرّف ينتظر إجابة.</translation>
    </message>
    <message>
        <source>There is nothing to summarise before the latest exchange.</source>
        <translation>لا يوجد ما يُلخَّص قبل آخر تبادل.</translation>
    </message>
    <message>
        <source>The conversation is being summarised already.</source>
        <translation>يجري تلخيص المحادثة بالفعل.</translation>
    </message>
    <message>
        <source>That message is not a summary.</source>
        <translation>هذه الرسالة ليست ملخصًا.</translation>
    </message>
    <message>
        <source>Only the last reply, when the model&apos;s output limit cut it off, can be continued.</source>
        <translation>لا يمكن متابعة إلا الرد الأخير، عندما يقطعه حد الإخراج للنموذج.</translation>
    </message>
</context>
<context>
    <name>KoderAttachmentHelper</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>تتعذر قراءة %1: %2.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>الملف غير موجود</translation>
    </message>
    <message>
        <source>%1 cannot be attached: only files can.</source>
        <translation>لا يمكن إرفاق %1: يمكن إرفاق الملفات فقط.</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>الملف</translation>
    </message>
    <message>
        <source>%1 (%2) cannot be attached: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>لا يمكن إرفاق %1 (%2): يمكن إرفاق صور PNG وJPEG وGIF وWebP والملفات النصية فقط.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>نوع غير معروف</translation>
    </message>
    <message>
        <source>%1 (%2) is larger than %3, the most a file may have.</source>
        <translation>حجم %1 (%2) أكبر من %3، وهو الحد الأقصى لحجم الملف.</translation>
    </message>
    <message>
        <source>Pasted image.png</source>
        <translation>صورة ملصقة.png</translation>
    </message>
</context>
<context>
    <name>KoderAttachments</name>
    <message>
        <source>Attachments must be a list of {name, mimeType, url}.</source>
        <translation>يجب أن تكون المرفقات قائمة من {name, mimeType, url}.</translation>
    </message>
    <message>
        <source>Each attachment must be an object with name, mimeType and url.</source>
        <translation>يجب أن يكون كل مرفق كائنًا فيه name وmimeType وurl.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(بلا اسم)</translation>
    </message>
    <message>
        <source>The attachment %1 has no url.</source>
        <translation>ليس للمرفق %1 عنوان URL.</translation>
    </message>
    <message>
        <source>The attachment %1 is a data: URL without data.</source>
        <translation>المرفق %1 عنوان data: بلا بيانات.</translation>
    </message>
    <message>
        <source>The attachment %1 is larger than %2.</source>
        <translation>المرفق %1 أكبر من %2.</translation>
    </message>
    <message>
        <source>The attachment %1 is not valid base64.</source>
        <translation>المرفق %1 ليس بترميز base64 صالح.</translation>
    </message>
    <message>
        <source>The attachment %1 was not attached here.</source>
        <translation>لم يُرفَق المرفق %1 هنا.</translation>
    </message>
    <message>
        <source>The attachment %1 cannot be read: %2</source>
        <translation>تتعذر قراءة المرفق %1: %2</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>الملف غير موجود</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address: only images are sent by address (a model cannot fetch other files).</source>
        <translation>المرفق %1 عنوان ويب: لا تُرسل بالعنوان إلا الصور (لا يستطيع النموذج جلب الملفات الأخرى).</translation>
    </message>
    <message>
        <source>The attachment %1 is a web address, and this model takes images as data only: attach the file instead.</source>
        <translation>المرفق %1 عنوان ويب، وهذا النموذج لا يقبل الصور إلا بياناتٍ: أرفق الملف نفسه بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>The attachment %1 has a url the library cannot read (%2): use file:, data: or http(s):.</source>
        <translation>للمرفق %1 عنوان URL لا تستطيع المكتبة قراءته (%2): استخدم file: أو data: أو http(s):.</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images and text files can.</source>
        <translation>لا يمكن إرسال المرفق %1 (%2) إلى نموذج: يمكن إرسال صور PNG وJPEG وGIF وWebP والملفات النصية فقط.</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>نوع غير معروف</translation>
    </message>
    <message>
        <source>The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and WebP images, PDF documents and text files can.</source>
        <translation>لا يمكن إرسال المرفق %1 (%2) إلى نموذج: يمكن إرسال صور PNG وJPEG وGIF وWebP ومستندات PDF والملفات النصية فقط.</translation>
    </message>
</context>
<context>
    <name>KoderConversationStore</name>
    <message>
        <source>The details (tool calls, attachments, ...) of the stored message %1 cannot be read: %2. Its text is shown.</source>
        <translation>تتعذر قراءة تفاصيل الرسالة المحفوظة %1 (استدعاءات الأدوات والمرفقات وغيرها): %2. يُعرض نصها.</translation>
    </message>
    <message>
        <source>Cannot open the conversation store %1: %2</source>
        <translation>يتعذر فتح مخزن المحادثات %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a usable conversation store: %2</source>
        <translation>%1 ليس مخزن محادثات صالحًا للاستخدام: %2</translation>
    </message>
    <message>
        <source>The in-memory database</source>
        <translation>قاعدة البيانات في الذاكرة</translation>
    </message>
    <message>
        <source>%1 was written by a newer version (schema %2); this version reads up to schema %3. It was left untouched.</source>
        <translation>كُتب %1 بإصدار أحدث (المخطط %2)؛ وهذا الإصدار يقرأ حتى المخطط %3. تُرك دون تغيير.</translation>
    </message>
    <message>
        <source>Cannot migrate %1: %2</source>
        <translation>يتعذر ترحيل %1: %2</translation>
    </message>
    <message>
        <source>Cannot migrate %1 to schema %2: %3</source>
        <translation>يتعذر ترحيل %1 إلى المخطط %2: %3</translation>
    </message>
    <message>
        <source>The conversation store is not open.</source>
        <translation>مخزن المحادثات غير مفتوح.</translation>
    </message>
    <message>
        <source>Cannot save the conversation: %1</source>
        <translation>يتعذر حفظ المحادثة: %1</translation>
    </message>
    <message>
        <source>Cannot read the conversation: %1</source>
        <translation>تتعذر قراءة المحادثة: %1</translation>
    </message>
    <message>
        <source>The stored message %1 has an unknown role.</source>
        <translation>للرسالة المحفوظة %1 دور غير معروف.</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its message %2, off the active path, is damaged (%3: %4).</source>
        <translation>تتعذر قراءة المحادثة المحفوظة %1: رسالتها %2، خارج المسار النشط، تالفة (%3: %4).</translation>
    </message>
    <message>
        <source>The stored conversation %1 cannot be read: its versions are damaged (%2).</source>
        <translation>تتعذر قراءة المحادثة المحفوظة %1: نسخها تالفة (%2).</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost what it waited for: %2</source>
        <translation>فقدت المحادثة المحفوظة %1 ما كانت تنتظره: %2</translation>
    </message>
    <message>
        <source>The stored conversation %1 lost its queued messages: %2</source>
        <translation>فقدت المحادثة المحفوظة %1 رسائلها المنتظرة: %2</translation>
    </message>
    <message>
        <source>Cannot list the conversations: %1</source>
        <translation>يتعذر سرد المحادثات: %1</translation>
    </message>
    <message>
        <source>Cannot rename the conversation: %1</source>
        <translation>تتعذر إعادة تسمية المحادثة: %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>لا توجد محادثة %1.</translation>
    </message>
    <message>
        <source>Cannot mark the conversation: %1</source>
        <translation>يتعذر وضع علامة على المحادثة: %1</translation>
    </message>
    <message>
        <source>Cannot delete the conversation: %1</source>
        <translation>يتعذر حذف المحادثة: %1</translation>
    </message>
    <message>
        <source>The conversation cannot be imported: %1</source>
        <translation>يتعذر استيراد المحادثة: %1</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <extracomment>An image of a message in an exported conversation, never loaded; %1 is its address.</extracomment>
        <translation>[صورة: %1]</translation>
    </message>
    <message>
        <source>Conversation</source>
        <extracomment>The title of an exported conversation that has none.</extracomment>
        <translation>محادثة</translation>
    </message>
    <message>
        <source>You</source>
        <extracomment>Heading of the user&apos;s messages in an exported conversation.</extracomment>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Assistant</source>
        <extracomment>Heading of the model&apos;s replies in an exported conversation.</extracomment>
        <translation>المساعد</translation>
    </message>
    <message>
        <source>Tool result</source>
        <extracomment>Heading of what a tool returned in an exported conversation.</extracomment>
        <translation>نتيجة الأداة</translation>
    </message>
    <message>
        <source>Summary</source>
        <extracomment>Heading of a summary of earlier messages (context compaction) in an export.</extracomment>
        <translation>ملخص</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <extracomment>Before the name of a tool the model called, in an exported conversation.</extracomment>
        <translation>استدعاء أداة: %1</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <extracomment>Before the name of the tool whose result follows, in an exported conversation.</extracomment>
        <translation>الأداة: %1</translation>
    </message>
    <message>
        <source>The tool reported an error.</source>
        <extracomment>Under the heading of a tool result the tool marked as an error, in an export.</extracomment>
        <translation>أبلغت الأداة عن خطأ.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <extracomment>A reply that ended with an error, in an exported conversation; %1 is the error.</extracomment>
        <translation>خطأ: %1</translation>
    </message>
    <message>
        <source>Stopped before the end.</source>
        <extracomment>A reply the user stopped before it was complete, in an exported conversation.</extracomment>
        <translation>توقف قبل النهاية.</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <extracomment>The collapsed part of an exported reply that holds the model&apos;s reasoning.</extracomment>
        <translation>الاستدلال</translation>
    </message>
</context>
<context>
    <name>KoderDictation</name>
    <message>
        <source>No transcription service is set.</source>
        <translation>لم يتم تعيين خدمة تفريغ نصي.</translation>
    </message>
    <message>
        <source>No microphone was found.</source>
        <translation>لم يُعثر على ميكروفون.</translation>
    </message>
    <message>
        <source>The microphone went away during the recording.</source>
        <translation>اختفى الميكروفون أثناء التسجيل.</translation>
    </message>
    <message>
        <source>The transcription was cancelled.</source>
        <translation>أُلغي التفريغ النصي.</translation>
    </message>
</context>
<context>
    <name>KoderHttpTransport</name>
    <message>
        <source>The model declined to answer.</source>
        <translation>رفض النموذج الإجابة.</translation>
    </message>
    <message>
        <source>%1 has no baseUrl.</source>
        <translation>ليس لـ %1 عنوان baseUrl.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>أعاد الخادم التوجيه إلى مصدر آخر (%1)؛ ولم يُرسل الطلب إليه.</translation>
    </message>
    <message>
        <source>The server sent nothing for %1 ms.</source>
        <translation>لم يرسل الخادم شيئًا لمدة %1 مللي ثانية.</translation>
    </message>
</context>
<context>
    <name>KoderLiveRegion</name>
    <message>
        <source>Reply started</source>
        <translation>بدأ الرد</translation>
    </message>
    <message>
        <source>Reply finished</source>
        <translation>اكتمل الرد</translation>
    </message>
    <message>
        <source>Reply stopped</source>
        <translation>توقف الرد</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>خطأ: %1</translation>
    </message>
    <message>
        <source>A tool call needs your approval</source>
        <translation>استدعاء أداة يحتاج إلى موافقتك</translation>
    </message>
    <message>
        <source>Your message was added to the running reply</source>
        <translation>أُضيفت رسالتك إلى الرد الجاري</translation>
    </message>
    <message>
        <source>The agent asks you a question</source>
        <translation>الوكيل يطرح عليك سؤالًا</translation>
    </message>
    <message>
        <source>The conversation fills %1% of the model&apos;s context</source>
        <translation>تشغل المحادثة %1٪ من سياق النموذج</translation>
    </message>
</context>
<context>
    <name>KoderMcpServer</name>
    <message>
        <source>Another MCP server of this controller has the name &quot;%1&quot;.</source>
        <translation>خادم MCP آخر في وحدة التحكم هذه يحمل الاسم «%1».</translation>
    </message>
    <message>
        <source>The MCP configuration is not JSON: %1</source>
        <translation>إعدادات MCP ليست بصيغة JSON: %1</translation>
    </message>
    <message>
        <source>The MCP configuration has no &quot;mcpServers&quot; object.</source>
        <translation>لا تحتوي إعدادات MCP على كائن «mcpServers».</translation>
    </message>
    <message>
        <source>MCP server &quot;%1&quot; needs either a command or a url.</source>
        <translation>يحتاج خادم MCP «%1» إلى أمر أو عنوان URL.</translation>
    </message>
    <message>
        <source>The MCP configuration %1 cannot be read: %2</source>
        <translation>تتعذر قراءة إعدادات MCP في %1: %2</translation>
    </message>
    <message>
        <source>Listing the tools failed: %1</source>
        <translation>فشل سرد الأدوات: %1</translation>
    </message>
    <message>
        <source>The handshake failed: %1</source>
        <translation>فشلت المصافحة الأولية: %1</translation>
    </message>
    <message>
        <source>The server was stopped.</source>
        <translation>تم إيقاف الخادم.</translation>
    </message>
    <message>
        <source>The server has no name.</source>
        <translation>ليس للخادم اسم.</translation>
    </message>
    <message>
        <source>Set either command or url, not both.</source>
        <translation>حدّد command أو url، وليس كليهما.</translation>
    </message>
    <message>
        <source>The url must be http or https.</source>
        <translation>يجب أن يكون url عنوان http أو https.</translation>
    </message>
    <message>
        <source>The server is not ready (%1).</source>
        <translation>الخادم غير جاهز (%1).</translation>
    </message>
    <message>
        <source>The server lists more than %1 items in %2.</source>
        <translation>يسرد الخادم أكثر من %1 عنصر في %2.</translation>
    </message>
    <message>
        <source>The server was removed.</source>
        <translation>أُزيل الخادم.</translation>
    </message>
</context>
<context>
    <name>KoderSpeech</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>لا يتوفر محرك نطق.</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>كتلة شيفرة.</translation>
    </message>
    <message>
        <source>Code block in %1.</source>
        <translation>كتلة شيفرة بلغة %1.</translation>
    </message>
</context>
<context>
    <name>KoderText</name>
    <message>
        <source>[image: %1]</source>
        <translation>[صورة: %1]</translation>
    </message>
</context>
<context>
    <name>KoderToolResult</name>
    <message>
        <source>Denied by the tool&apos;s policy: it was not run.</source>
        <translation>رُفض وفق سياسة الأداة: لم تُشغَّل.</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>رفض المستخدم استدعاء الأداة هذا.</translation>
    </message>
    <message>
        <source>Not completed: the app closed while the tool ran.</source>
        <translation>لم يكتمل: أُغلق التطبيق أثناء تشغيل الأداة.</translation>
    </message>
    <message>
        <source>Not run: the app closed before the call was decided.</source>
        <translation>لم يُشغَّل: أُغلق التطبيق قبل البت في الاستدعاء.</translation>
    </message>
    <message>
        <source>Not run: the user added a message first.</source>
        <translation>لم يُشغَّل: أضاف المستخدم رسالة أولًا.</translation>
    </message>
    <message>
        <source>Not run: the turn reached its step limit.</source>
        <translation>لم يُشغَّل: بلغ الرد الحد الأقصى لخطواته.</translation>
    </message>
    <message>
        <source>Denied: the user sent a new message instead.</source>
        <translation>مرفوض: أرسل المستخدم رسالة جديدة بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>Cancelled: the user sent a new message while the tool ran.</source>
        <translation>أُلغي: أرسل المستخدم رسالة جديدة أثناء تشغيل الأداة.</translation>
    </message>
    <message>
        <source>Not run: the turn ended before the call was decided.</source>
        <translation>لم يُشغَّل: انتهى الرد قبل البت في الاستدعاء.</translation>
    </message>
    <message>
        <source>Not completed: the turn ended while the tool ran.</source>
        <translation>لم يكتمل: انتهى الرد أثناء تشغيل الأداة.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped.</source>
        <translation>أُلغي: أُوقف الرد.</translation>
    </message>
    <message>
        <source>Cancelled: the turn was stopped while the tool ran.</source>
        <translation>أُلغي: أُوقف الرد أثناء تشغيل الأداة.</translation>
    </message>
    <message>
        <source>The user denied this tool call. Reason: %1</source>
        <translation>رفض المستخدم استدعاء الأداة هذا. السبب: %1</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;: it was not run.</source>
        <translation>أداة غير معروفة «%1»: لم تُشغَّل.</translation>
    </message>
    <message>
        <source>The user declined to answer.</source>
        <translation>رفض المستخدم الإجابة.</translation>
    </message>
</context>
<context>
    <name>KoderTranscriber</name>
    <message>
        <source>A transcription is running already.</source>
        <translation>هناك تفريغ نصي قيد التشغيل بالفعل.</translation>
    </message>
    <message>
        <source>No transcription server is set.</source>
        <translation>لم يتم تعيين خادم تفريغ نصي.</translation>
    </message>
    <message>
        <source>The transcription server redirected to another origin (%1); the recording was not sent there.</source>
        <translation>أعاد خادم التفريغ النصي التوجيه إلى مصدر آخر (%1)؛ لم يُرسل التسجيل إليه.</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer is too large.</source>
        <translation>رد خادم التفريغ النصي كبير جدًا.</translation>
    </message>
    <message>
        <source>The transcription server refused the key (HTTP %1).</source>
        <translation>رفض خادم التفريغ النصي المفتاح (HTTP %1).</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1.</source>
        <translation>رد خادم التفريغ النصي بـ HTTP %1.</translation>
    </message>
    <message>
        <source>The transcription server answered HTTP %1: %2</source>
        <translation>رد خادم التفريغ النصي بـ HTTP %1: %2</translation>
    </message>
    <message>
        <source>The transcription server (%1) did not answer in time.</source>
        <translation>لم يرد خادم التفريغ النصي (%1) في الوقت المحدد.</translation>
    </message>
    <message>
        <source>The transcription server (%1) cannot be reached.</source>
        <translation>تعذر الوصول إلى خادم التفريغ النصي (%1).</translation>
    </message>
    <message>
        <source>The transcription server&apos;s answer holds no text.</source>
        <translation>لا يحتوي رد خادم التفريغ النصي على نص.</translation>
    </message>
    <message>
        <source>The connection to the transcription server (%1) was closed: its network access manager was deleted.</source>
        <translation>أُغلق الاتصال بخادم التفريغ النصي (%1): حُذف مدير الوصول إلى الشبكة الخاص به.</translation>
    </message>
</context>
<context>
    <name>McpHttpChannel</name>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>أرسل الخادم رسالة يزيد حجمها على %1 بايت.</translation>
    </message>
    <message>
        <source>The server redirected to another origin (%1); the request was not sent there.</source>
        <translation>أعاد الخادم التوجيه إلى مصدر آخر (%1)؛ ولم يُرسل الطلب إليه.</translation>
    </message>
    <message>
        <source>The server ended the session.</source>
        <translation>أنهى الخادم الجلسة.</translation>
    </message>
    <message>
        <source>The server&apos;s answer ended without a result.</source>
        <translation>انتهت إجابة الخادم دون نتيجة.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1.</source>
        <translation>أجاب الخادم بالرمز HTTP %1.</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not a JSON-RPC response to the request.</source>
        <translation>ردّ الخادم ليس استجابة JSON-RPC للطلب.</translation>
    </message>
</context>
<context>
    <name>McpSession</name>
    <message>
        <source>The server did not answer in time.</source>
        <translation>لم يُجب الخادم في الوقت المحدد.</translation>
    </message>
</context>
<context>
    <name>McpStdioChannel</name>
    <message>
        <source>The server could not be started: %1</source>
        <translation>تعذر تشغيل الخادم: %1</translation>
    </message>
    <message>
        <source>The server crashed.</source>
        <translation>تعطل الخادم.</translation>
    </message>
    <message>
        <source>The server exited with code %1.</source>
        <translation>خرج الخادم بالرمز %1.</translation>
    </message>
    <message>
        <source>The server sent a message larger than %1 bytes.</source>
        <translation>أرسل الخادم رسالة يزيد حجمها على %1 بايت.</translation>
    </message>
</context>
<context>
    <name>MicrophoneInput</name>
    <message>
        <source>No microphone was found.</source>
        <translation>لم يُعثر على ميكروفون.</translation>
    </message>
    <message>
        <source>The microphone stopped working.</source>
        <translation>توقف الميكروفون عن العمل.</translation>
    </message>
    <message>
        <source>The microphone could not be opened. Is it in use, or was access to it denied?</source>
        <translation>تعذر فتح الميكروفون. هل هو قيد الاستخدام، أم رُفض الوصول إليه؟</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Allow the tool &quot;%1&quot; to run?</source>
        <translation>هل تسمح بتشغيل الأداة «%1»؟</translation>
    </message>
    <message>
        <source>Read-only: it changes nothing.</source>
        <translation>للقراءة فقط: لا تغيّر شيئًا.</translation>
    </message>
    <message>
        <source>Writing: it can change things.</source>
        <translation>للكتابة: يمكنها أن تغيّر أشياء.</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>الوسائط: %1</translation>
    </message>
    <message>
        <source>Keep the model&apos;s arguments</source>
        <translation>الإبقاء على وسائط النموذج</translation>
    </message>
    <message>
        <source>Edit arguments</source>
        <translation>تعديل الوسائط</translation>
    </message>
    <message>
        <source>Discards your changes to the arguments</source>
        <translation>يتجاهل تغييراتك على الوسائط</translation>
    </message>
    <message>
        <source>Change the arguments before approving</source>
        <translation>غيّر الوسائط قبل الموافقة</translation>
    </message>
    <message>
        <source>Arguments (JSON)</source>
        <translation>الوسائط (JSON)</translation>
    </message>
    <message>
        <source>Edited arguments must be a JSON object that fits the tool</source>
        <translation>يجب أن تكون الوسائط المعدّلة كائن JSON يناسب الأداة</translation>
    </message>
    <message>
        <source>Cannot approve: %1</source>
        <translation>تتعذر الموافقة: %1</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>موافقة</translation>
    </message>
    <message>
        <source>Approve %1</source>
        <translation>الموافقة على %1</translation>
    </message>
    <message>
        <source>Runs the tool</source>
        <translation>يشغّل الأداة</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>رفض</translation>
    </message>
    <message>
        <source>Deny %1</source>
        <translation>رفض %1</translation>
    </message>
    <message>
        <source>Tells the model the tool was not run</source>
        <translation>يُبلغ النموذج بأن الأداة لم تُشغَّل</translation>
    </message>
    <message numerus="yes">
        <source>%n tools want to run</source>
        <translation>
            <numerusform>%n أداة تريد التشغيل</numerusform>
            <numerusform>أداة واحدة تريد التشغيل</numerusform>
            <numerusform>أداتان تريدان التشغيل</numerusform>
            <numerusform>%n أدوات تريد التشغيل</numerusform>
            <numerusform>%n أداة تريد التشغيل</numerusform>
            <numerusform>%n أداة تريد التشغيل</numerusform>
        </translation>
    </message>
    <message>
        <source>How long the approval holds</source>
        <translation>مدة سريان الموافقة</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>السماح:</translation>
    </message>
    <message>
        <source>Only this time</source>
        <translation>هذه المرة فقط</translation>
    </message>
    <message>
        <source>For this conversation</source>
        <translation>لهذه المحادثة</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>دائمًا</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>سبب الرفض (اختياري)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>سبب الرفض</translation>
    </message>
    <message>
        <source>Runs every tool listed</source>
        <translation>يشغّل كل الأدوات المدرجة</translation>
    </message>
    <message>
        <source>Tells the model none of the tools was run</source>
        <translation>يُبلغ النموذج بأنه لم تُشغَّل أي أداة</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>الموافقة على الكل</translation>
    </message>
    <message>
        <source>Deny all</source>
        <translation>رفض الكل</translation>
    </message>
    <message>
        <source>The tool %1 wants to run</source>
        <translation>الأداة %1 تريد التشغيل</translation>
    </message>
    <message>
        <source>Approve or deny each call, or all of them.</source>
        <translation>وافق على كل استدعاء أو ارفضه، أو على جميعها معًا.</translation>
    </message>
    <message>
        <source>It only reads.</source>
        <translation>تقرأ فقط.</translation>
    </message>
    <message>
        <source>It can change things.</source>
        <translation>يمكنها أن تغيّر أشياء.</translation>
    </message>
</context>
<context>
    <name>QuestionPrompt</name>
    <message>
        <source>Required</source>
        <translation>مطلوب</translation>
    </message>
    <message>
        <source>%1 (required)</source>
        <translation>%1 (مطلوب)</translation>
    </message>
    <message>
        <source>Other…</source>
        <translation>غير ذلك…</translation>
    </message>
    <message>
        <source>Type your own answer in the field that follows</source>
        <translation>اكتب إجابتك في الحقل التالي</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>إجابتك</translation>
    </message>
    <message>
        <source>Other answer</source>
        <translation>إجابة أخرى</translation>
    </message>
    <message>
        <source>Sends your answer to the agent</source>
        <translation>يرسل إجابتك إلى الوكيل</translation>
    </message>
    <message>
        <source>Tells the agent you will not answer</source>
        <translation>يُعلم الوكيل بأنك لن تجيب</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>السؤال %1 من %2</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>إرسال</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>رفض</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>The answer does not fit the question</source>
        <translation>الإجابة لا تناسب السؤال</translation>
    </message>
    <message>
        <source>The question is no longer waiting</source>
        <translation>لم يعد السؤال بانتظار إجابة</translation>
    </message>
    <message>
        <source>%1: an answer is needed</source>
        <translation>%1: الإجابة مطلوبة</translation>
    </message>
    <message>
        <source>%1: enter a whole number</source>
        <translation>%1: أدخل عددًا صحيحًا</translation>
    </message>
    <message>
        <source>%1: enter a number</source>
        <translation>%1: أدخل رقمًا</translation>
    </message>
    <message>
        <source>%1: choose one of the options</source>
        <translation>%1: اختر أحد الخيارات</translation>
    </message>
    <message>
        <source>%1: at least %2</source>
        <translation>%1: على الأقل %2</translation>
    </message>
    <message>
        <source>%1: at most %2</source>
        <translation>%1: على الأكثر %2</translation>
    </message>
    <message>
        <source>%1: more than %2</source>
        <translation>%1: أكثر من %2</translation>
    </message>
    <message>
        <source>%1: less than %2</source>
        <translation>%1: أقل من %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: at least %n characters</source>
        <translation>
            <numerusform>%1: على الأقل %n حرف</numerusform>
            <numerusform>%1: على الأقل حرف واحد</numerusform>
            <numerusform>%1: على الأقل حرفان</numerusform>
            <numerusform>%1: على الأقل %n أحرف</numerusform>
            <numerusform>%1: على الأقل %n حرفًا</numerusform>
            <numerusform>%1: على الأقل %n حرف</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: at most %n characters</source>
        <translation>
            <numerusform>%1: على الأكثر %n حرف</numerusform>
            <numerusform>%1: على الأكثر حرف واحد</numerusform>
            <numerusform>%1: على الأكثر حرفان</numerusform>
            <numerusform>%1: على الأكثر %n أحرف</numerusform>
            <numerusform>%1: على الأكثر %n حرفًا</numerusform>
            <numerusform>%1: على الأكثر %n حرف</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose %n or more</source>
        <translation>
            <numerusform>%1: اختر %n أو أكثر</numerusform>
            <numerusform>%1: اختر واحدًا أو أكثر</numerusform>
            <numerusform>%1: اختر اثنين أو أكثر</numerusform>
            <numerusform>%1: اختر %n أو أكثر</numerusform>
            <numerusform>%1: اختر %n أو أكثر</numerusform>
            <numerusform>%1: اختر %n أو أكثر</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: choose no more than %n</source>
        <translation>
            <numerusform>%1: اختر %n على الأكثر</numerusform>
            <numerusform>%1: اختر واحدًا على الأكثر</numerusform>
            <numerusform>%1: اختر اثنين على الأكثر</numerusform>
            <numerusform>%1: اختر %n على الأكثر</numerusform>
            <numerusform>%1: اختر %n على الأكثر</numerusform>
            <numerusform>%1: اختر %n على الأكثر</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not in the expected form</source>
        <translation>%1: ليس بالصيغة المتوقعة</translation>
    </message>
    <message>
        <source>%1: enter an email address</source>
        <translation>%1: أدخل عنوان بريد إلكتروني</translation>
    </message>
    <message>
        <source>%1: enter a full address (URI)</source>
        <translation>%1: أدخل عنوانًا كاملًا (URI)</translation>
    </message>
    <message>
        <source>%1: enter a date as YYYY-MM-DD</source>
        <translation>%1: أدخل تاريخًا بالصيغة YYYY-MM-DD</translation>
    </message>
    <message>
        <source>%1: enter a date and time as YYYY-MM-DDThh:mm:ssZ</source>
        <translation>%1: أدخل التاريخ والوقت بالصيغة YYYY-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>الإجابة</translation>
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
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>YYYY-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>From %1 to %2</source>
        <translation>من %1 إلى %2</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 أو أكثر</translation>
    </message>
    <message>
        <source>%1 or less</source>
        <translation>%1 أو أقل</translation>
    </message>
    <message>
        <source>The agent asks: %1</source>
        <translation>الوكيل يسأل: %1</translation>
    </message>
    <message>
        <source>Answer, then choose Submit; or Decline. Escape cancels.</source>
        <translation>أجب ثم اختر إرسال، أو رفض. مفتاح Escape يلغي.</translation>
    </message>
</context>
<context>
    <name>Sender</name>
    <message>
        <source>Queued messages</source>
        <translation>الرسائل المنتظرة</translation>
    </message>
    <message>
        <source>Queued: %1</source>
        <translation>في الانتظار: %1</translation>
    </message>
    <message>
        <source>Sends after this reply</source>
        <translation>تُرسل بعد هذا الرد</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>في الانتظار</translation>
    </message>
    <message>
        <source>Remove queued message</source>
        <translation>إزالة الرسالة المنتظرة</translation>
    </message>
    <message>
        <source>Attached files</source>
        <translation>الملفات المرفقة</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1، %2</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>إزالة %1</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>إرفاق ملف</translation>
    </message>
    <message>
        <source>Images and text files</source>
        <translation>صور وملفات نصية</translation>
    </message>
    <message>
        <source>Write a message</source>
        <translation>اكتب رسالة</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>الرسالة</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter starts a new line</source>
        <translation>Enter للإرسال، وShift+Enter لسطر جديد</translation>
    </message>
    <message>
        <source>Stops the reply</source>
        <translation>يوقف الرد</translation>
    </message>
    <message>
        <source>Sends the message</source>
        <translation>يرسل الرسالة</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>إرفاق ملفات</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>كل الملفات (*)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>الصور (%1)</translation>
    </message>
    <message>
        <source>Text files (%1)</source>
        <translation>الملفات النصية (%1)</translation>
    </message>
    <message>
        <source>Approve or deny the tool call first.</source>
        <translation>وافق على استدعاء الأداة أو ارفضه أولًا.</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>إرسال</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>مرفق</translation>
    </message>
    <message>
        <source>Answer or decline the question first.</source>
        <translation>أجب عن السؤال أو ارفضه أولًا.</translation>
    </message>
    <message>
        <source>Stops recording; what you said is written into the message</source>
        <translation>يوقف التسجيل؛ ويُكتب ما قلته في الرسالة</translation>
    </message>
    <message>
        <source>Records what you say and writes it into the message</source>
        <translation>يسجل ما تقوله ويكتبه في الرسالة</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>The microphone&apos;s tooltip: its action (Dictate, Stop dictation), then its keyboard shortcut as the platform writes it.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Listens, sends what you said and listens again after the reply</source>
        <translation>يستمع، ويرسل ما قلته، ثم يستمع مجددًا بعد الرد</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>جارٍ الاستماع…</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>جارٍ التفريغ النصي…</translation>
    </message>
    <message>
        <source>Stop dictation</source>
        <translation>إيقاف الإملاء</translation>
    </message>
    <message>
        <source>Dictate</source>
        <translation>إملاء</translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation>وضع المحادثة</translation>
    </message>
    <message>
        <source>Nothing was heard; conversation mode ended.</source>
        <translation>لم يُسمع شيء؛ انتهى وضع المحادثة.</translation>
    </message>
    <message>
        <source>Nothing was heard.</source>
        <translation>لم يُسمع شيء.</translation>
    </message>
    <message>
        <source>Conversation mode ended: what you said was added to your draft.</source>
        <translation>انتهى وضع المحادثة: أُضيف ما قلته إلى مسودتك.</translation>
    </message>
</context>
<context>
    <name>TextToSpeechEngine</name>
    <message>
        <source>No speech engine is available.</source>
        <translation>لا يتوفر محرك نطق.</translation>
    </message>
    <message>
        <source>The speech cannot be played: no audio output is available.</source>
        <translation>لا يمكن تشغيل النطق: لا يتوفر مخرج صوتي.</translation>
    </message>
    <message>
        <source>The speech engine has no voice for this language.</source>
        <translation>لا يملك محرك النطق صوتًا لهذه اللغة.</translation>
    </message>
    <message>
        <source>The speech engine could not read the text.</source>
        <translation>تعذر على محرك النطق قراءة النص.</translation>
    </message>
</context>
</TS>
