// SPDX-License-Identifier: MIT
// The reference's completeness check. qdoc warns about what is documented wrongly, but not about
// what is not documented at all: a property without a \qmlproperty simply has no entry. This
// program lists what the module offers from what the build knows about it and fails on every
// item the reference (qdoc's XML index) does not document:
//   - each QML type of Koder.Agent in the module's qmltypes, with its properties, signals and
//     methods (those of its extension object too), and each QML component of the module's
//     folder and its subfolders (the templates) with its root object's properties, signals
//     and functions;
//   - each public class of the Qt library in the moc metatypes (the classes of the installed
//     koder*.h headers), with its properties, signals, invokable methods, slots and enums;
//   - each type the core's public headers declare in koder::agent;
//   - every public or protected member the compiler sees in the public headers (clang's JSON
//     AST of the Koder* classes and of namespace koder::agent), which covers plain C++ methods,
//     constructors, fields, enums and aliases that moc does not know about;
//   - and, given the .qch, that Qt's help engine registers it and finds each QML type and class
//     by the identifiers Qt Creator's F1 asks for.
// Usage: doccoverage --index <koderagent.index> --qmltypes <file> --qml-dir <dir>
//        --metatypes <json>... --core-headers <dir> [--ast <clang json>...]
//        [--qch <koderagent.qch> --work-dir <dir>]

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHelpEngineCore>
#include <QHelpLink>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTextStream>
#include <QXmlStreamReader>

#include <map>

namespace {

struct Members {
    QSet<QString> properties;
    QSet<QString> signalNames;
    QSet<QString> methods;
    QSet<QString> enums;
    QSet<QString> declarations; // every documented C++ member, by name
};

// What the index documents: per QML type and per C++ class (by full name), the members
// marked documented.
struct Documented {
    std::map<QString, Members> qmlTypes;
    std::map<QString, Members> classes; // includes namespaces and core types
    QSet<QString> cppNames; // every documented C++ node's full name (classes, enums, aliases)
};

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

QString readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        err() << "doccoverage: cannot read " << path << '\n';
        return {};
    }
    return QString::fromUtf8(file.readAll());
}

Documented readIndex(const QString& path)
{
    Documented result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        err() << "doccoverage: cannot read the qdoc index " << path << '\n';
        return result;
    }
    QXmlStreamReader xml(&file);
    QStringList qmlStack; // the enclosing qmlclass, or empty for other elements
    QStringList cppStack; // the enclosing class/namespace full name
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("qmlclass"))
                qmlStack.removeLast();
            else if (name == QLatin1String("class") || name == QLatin1String("struct") ||
                     name == QLatin1String("namespace") || name == QLatin1String("union"))
                cppStack.removeLast();
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto attrs = xml.attributes();
        const auto element = xml.name().toString();
        const bool documented = attrs.value(QLatin1String("documented")) == QLatin1String("true");
        const QString name = attrs.value(QLatin1String("name")).toString();
        // Top-level classes and namespaces carry no fullname: their scope gives it.
        QString fullName = attrs.value(QLatin1String("fullname")).toString();
        if (fullName.isEmpty() && !name.isEmpty())
            fullName = cppStack.isEmpty() || cppStack.last().isEmpty()
                           ? name
                           : cppStack.last() + QLatin1String("::") + name;
        if (element == QLatin1String("qmlclass")) {
            qmlStack.append(name);
            if (documented)
                result.qmlTypes[name];
            continue;
        }
        if (element == QLatin1String("class") || element == QLatin1String("struct") ||
            element == QLatin1String("namespace") || element == QLatin1String("union")) {
            cppStack.append(fullName);
            if (documented) {
                result.classes[fullName];
                result.cppNames.insert(fullName);
                if (cppStack.size() > 1)
                    result.classes[cppStack.at(cppStack.size() - 2)].declarations.insert(name);
            }
            continue;
        }
        // A property's getter, setter and notifier are documented with the property.
        const bool accessor = element == QLatin1String("function") &&
                              !attrs.value(QLatin1String("associated-property")).isEmpty();
        if (!documented && !accessor)
            continue;
        if (!qmlStack.isEmpty()) {
            // QML signals and methods are <function meta="qmlsignal|qmlmethod">.
            auto& members = result.qmlTypes[qmlStack.last()];
            const auto meta = attrs.value(QLatin1String("meta"));
            if (element == QLatin1String("qmlproperty"))
                members.properties.insert(name);
            else if (meta == QLatin1String("qmlsignal"))
                members.signalNames.insert(name);
            else if (meta == QLatin1String("qmlmethod"))
                members.methods.insert(name);
            continue;
        }
        if (!fullName.isEmpty())
            result.cppNames.insert(fullName);
        if (cppStack.isEmpty())
            continue;
        auto& members = result.classes[cppStack.last()];
        members.declarations.insert(name);
        if (element == QLatin1String("property"))
            members.properties.insert(name);
        else if (element == QLatin1String("function"))
            members.methods.insert(name); // signals, slots and methods alike
        else if (element == QLatin1String("enum"))
            members.enums.insert(name);
    }
    if (xml.hasError())
        err() << "doccoverage: " << path << ": " << xml.errorString() << '\n';
    return result;
}

// A QML type of the module as qmltyperegistrar describes it.
struct QmlComponent {
    QString name;
    QString extension;
    bool exported = false;
    Members members;
};

// The qmltypes file: nested `Name { key: value ... }` blocks. Read each Component's name,
// export and extension, and the name of each Property, Signal, Method and Enum block in it.
std::map<QString, QmlComponent> readQmlTypes(const QString& path)
{
    std::map<QString, QmlComponent> components;
    static const QRegularExpression tokenRe(
        QStringLiteral(R"re((\w+)\s*\{|\}|(\w+):\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\]|[^;\n}]+))re"));
    QStringList blocks; // Module, Component, Property, ...
    QmlComponent current;
    bool memberNamed = false;
    const QString text = readAll(path);
    for (auto it = tokenRe.globalMatch(text); it.hasNext();) {
        const auto token = it.next();
        if (!token.captured(1).isEmpty()) {
            blocks.append(token.captured(1));
            if (blocks.size() == 2)
                current = {};
            memberNamed = false;
            continue;
        }
        if (token.captured(0) == QLatin1String("}")) {
            if (blocks.size() == 2 && !current.name.isEmpty())
                components[current.name] = current;
            if (!blocks.isEmpty())
                blocks.removeLast();
            continue;
        }
        const QString key = token.captured(2);
        QString value = token.captured(3).trimmed();
        if (blocks.size() == 2) {
            if (key == QLatin1String("name"))
                current.name = value.mid(1).chopped(1);
            else if (key == QLatin1String("extension"))
                current.extension = value.mid(1).chopped(1);
            else if (key == QLatin1String("exports"))
                current.exported = value.contains(QLatin1String("\"Koder.Agent/"));
        } else if (blocks.size() == 3 && key == QLatin1String("name") && !memberNamed) {
            memberNamed = true;
            const QString kind = blocks.last();
            const QString memberName = value.mid(1).chopped(1);
            if (kind == QLatin1String("Property"))
                current.members.properties.insert(memberName);
            else if (kind == QLatin1String("Signal"))
                current.members.signalNames.insert(memberName);
            else if (kind == QLatin1String("Method"))
                current.members.methods.insert(memberName);
            else if (kind == QLatin1String("Enum"))
                current.members.enums.insert(memberName);
        }
    }
    return components;
}

// Root-level declarations of a QML component: four-space indented lines of the file's root
// object. Names beginning with an underscore are private by convention.
Members readQmlFile(const QString& path)
{
    Members members;
    static const QRegularExpression propertyRe(QStringLiteral(
        R"re(^    (?:(?:required|readonly|default)\s+)*property\s+[\w.<>]+\s+([A-Za-z]\w*))re"));
    static const QRegularExpression signalRe(QStringLiteral(R"re(^    signal\s+([A-Za-z]\w*))re"));
    static const QRegularExpression functionRe(
        QStringLiteral(R"re(^    function\s+([A-Za-z]\w*))re"));
    const auto lines = readAll(path).split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (const auto m = propertyRe.match(line); m.hasMatch())
            members.properties.insert(m.captured(1));
        else if (const auto s = signalRe.match(line); s.hasMatch())
            members.signalNames.insert(s.captured(1));
        else if (const auto f = functionRe.match(line); f.hasMatch())
            members.methods.insert(f.captured(1));
    }
    return members;
}

// The signals that need an entry of their own: a property's notify signal is documented with the
// property (on<Property>Changed).
QSet<QString> ownSignals(const Members& members)
{
    QSet<QString> result;
    for (const QString& signal : members.signalNames) {
        const bool notify = signal.endsWith(QLatin1String("Changed")) &&
                            members.properties.contains(signal.chopped(7));
        if (!notify)
            result.insert(signal);
    }
    return result;
}

class Report {
public:
    void missing(const QString& what)
    {
        err() << "undocumented: " << what << '\n';
        ++m_missing;
    }
    void checked() { ++m_checked; }
    // Checks each offered name; `describe` names an undocumented one in the report.
    template<class Describe>
    void require(const QSet<QString>& offered, const QSet<QString>& documented, Describe describe)
    {
        for (const QString& name : offered) {
            checked();
            if (!documented.contains(name))
                missing(describe(name));
        }
    }
    int missingCount() const { return m_missing; }
    int checkedCount() const { return m_checked; }

private:
    int m_missing = 0;
    int m_checked = 0;
};

void compareQmlType(const QString& type, const Members& offered, const Documented& docs,
                    Report& report)
{
    report.checked();
    const auto page = docs.qmlTypes.find(type);
    if (page == docs.qmlTypes.end()) {
        report.missing(QStringLiteral("QML type %1 (no \\qmltype page)").arg(type));
        return;
    }
    const Members& documented = page->second;
    const auto member = [&](const char* kind) {
        return [&type, kind](const QString& name) {
            return QStringLiteral("QML %1 %2.%3").arg(QLatin1String(kind), type, name);
        };
    };
    report.require(offered.properties, documented.properties, member("property"));
    report.require(ownSignals(offered), documented.signalNames, member("signal"));
    report.require(offered.methods, documented.methods, member("method"));
}

void checkQml(const QString& qmlTypesPath, const QString& qmlDir, const Documented& docs,
              Report& report)
{
    const auto components = readQmlTypes(qmlTypesPath);
    int exported = 0;
    for (const auto& [name, component] : components) {
        if (!component.exported)
            continue;
        ++exported;
        Members offered = component.members;
        if (const auto ext = components.find(component.extension); ext != components.end()) {
            offered.properties.unite(ext->second.members.properties);
            offered.signalNames.unite(ext->second.members.signalNames);
            offered.methods.unite(ext->second.members.methods);
        }
        compareQmlType(name, offered, docs, report);
    }
    if (exported == 0)
        report.missing(QStringLiteral("no Koder.Agent type found in %1").arg(qmlTypesPath));
    // The components and, in its subfolders, the templates they are the looks of
    // (templates/AbstractSender.qml is the QML type AbstractSender).
    QList<QFileInfo> files;
    QDirIterator it(qmlDir, {QStringLiteral("*.qml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        files.append(it.fileInfo());
    }
    if (files.isEmpty())
        report.missing(QStringLiteral("no QML component found in %1").arg(qmlDir));
    for (const QFileInfo& file : files)
        compareQmlType(file.completeBaseName(), readQmlFile(file.filePath()), docs, report);
}

QSet<QString> names(const QJsonArray& array)
{
    QSet<QString> result;
    for (const auto& entry : array)
        result.insert(entry.toObject().value(QLatin1String("name")).toString());
    return result;
}

void checkClasses(const QStringList& metatypesPaths, const Documented& docs, Report& report)
{
    int classes = 0;
    for (const QString& path : metatypesPaths) {
        const auto files = QJsonDocument::fromJson(readAll(path).toUtf8()).array();
        for (const auto& fileEntry : files) {
            const auto file = fileEntry.toObject();
            const QString header = file.value(QLatin1String("inputFile")).toString();
            // The installed public headers are koder*.h; the QML extension objects are not.
            if (!header.startsWith(QLatin1String("koder")) ||
                header.endsWith(QLatin1String("extension.h")))
                continue;
            for (const auto& classEntry : file.value(QLatin1String("classes")).toArray()) {
                const auto cls = classEntry.toObject();
                const QString name = cls.value(QLatin1String("qualifiedClassName")).toString();
                ++classes;
                report.checked();
                const auto page = docs.classes.find(name);
                if (page == docs.classes.end()) {
                    report.missing(
                        QStringLiteral("C++ class %1 (no \\class or \\namespace page)").arg(name));
                    continue;
                }
                Members offered;
                offered.properties = names(cls.value(QLatin1String("properties")).toArray());
                offered.signalNames = names(cls.value(QLatin1String("signals")).toArray());
                offered.methods = names(cls.value(QLatin1String("methods")).toArray())
                                      .unite(names(cls.value(QLatin1String("slots")).toArray()));
                offered.enums = names(cls.value(QLatin1String("enums")).toArray());
                const Members& documented = page->second;
                const auto member = [&name](const char* format) {
                    return [&name, format](const QString& memberName) {
                        return QString::fromLatin1(format).arg(name, memberName);
                    };
                };
                report.require(offered.properties, documented.properties,
                               member("C++ property %1::%2"));
                report.require(ownSignals(offered), documented.methods,
                               member("C++ signal %1::%2()"));
                report.require(offered.methods, documented.methods, member("C++ method %1::%2()"));
                report.require(offered.enums, documented.enums, member("C++ enum %1::%2"));
            }
        }
    }
    if (classes == 0)
        report.missing(QStringLiteral("no public class found in the metatypes"));
}

// The types the core's public headers declare at namespace level.
void checkCore(const QString& headerDir, const Documented& docs, Report& report)
{
    static const QRegularExpression typeRe(
        QStringLiteral(
            R"re(^(?:struct|class|enum class|enum|using)\s+(?:\[\[\w+\]\]\s+)?([A-Za-z]\w*)\b([^;]*)$)re"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression aliasRe(QStringLiteral(R"re(^using\s+([A-Za-z]\w*)\s*=)re"),
                                            QRegularExpression::MultilineOption);
    const auto headers = QDir(headerDir).entryInfoList({QStringLiteral("*.h")}, QDir::Files);
    int types = 0;
    // Implementation details live in nested `namespace detail { ... }` blocks.
    static const QRegularExpression detailRe(
        QStringLiteral(R"re(namespace detail \{.*?\} // namespace detail)re"),
        QRegularExpression::DotMatchesEverythingOption);
    for (const QFileInfo& header : headers) {
        const QString text = readAll(header.filePath()).remove(detailRe);
        QSet<QString> declared;
        for (auto it = typeRe.globalMatch(text); it.hasNext();)
            declared.insert(it.next().captured(1));
        for (auto it = aliasRe.globalMatch(text); it.hasNext();)
            declared.insert(it.next().captured(1));
        for (const QString& type : std::as_const(declared)) {
            ++types;
            report.checked();
            const QString fullName = QStringLiteral("koder::agent::") + type;
            if (!docs.cppNames.contains(fullName))
                report.missing(
                    QStringLiteral("core type %1 (%2)").arg(fullName, header.fileName()));
        }
    }
    if (types == 0)
        report.missing(QStringLiteral("no core type found in %1").arg(headerDir));
}

// Registers the .qch in a fresh help collection, as Qt Creator and Assistant do, and looks each
// QML type and class up by the identifier F1 uses.
void checkQch(const QString& qchPath, const QString& workDir, const Documented& docs,
              Report& report)
{
    QDir().mkpath(workDir);
    const QString collection = QDir(workDir).filePath(QStringLiteral("doccoverage.qhc"));
    QFile::remove(collection);
    QHelpEngineCore engine(collection);
    engine.setReadOnly(false); // Qt 6 opens a collection read-only by default
    if (!engine.setupData()) {
        report.missing(QStringLiteral("help collection: %1").arg(engine.error()));
        return;
    }
    if (!engine.registerDocumentation(qchPath)) {
        report.missing(QStringLiteral("the .qch does not register: %1").arg(engine.error()));
        return;
    }
    const QString ns = QHelpEngineCore::namespaceName(qchPath);
    if (!engine.registeredDocumentations().contains(ns))
        report.missing(QStringLiteral("the .qch namespace %1 is not registered").arg(ns));
    for (const auto& [type, members] : docs.qmlTypes) {
        report.checked();
        if (engine.documentsForIdentifier(QStringLiteral("QML.Koder.Agent1.") + type).isEmpty())
            report.missing(QStringLiteral("the .qch has no F1 entry for QML type %1").arg(type));
    }
    for (const auto& [name, members] : docs.classes) {
        if (name.isEmpty() || name.contains(QLatin1String("::")))
            continue;
        report.checked();
        if (engine.documentsForIdentifier(name).isEmpty())
            report.missing(QStringLiteral("the .qch has no F1 entry for class %1").arg(name));
    }
}

} // namespace

// clang's JSON AST dump (-ast-dump=json -ast-dump-filter) is a series of JSON objects, one per
// matching declaration, each starting with a "{" line.
QList<QJsonObject> readAstDump(const QString& path)
{
    QList<QJsonObject> objects;
    const QString text = readAll(path);
    static const QRegularExpression start(QStringLiteral("^\\{$"),
                                          QRegularExpression::MultilineOption);
    QList<qsizetype> starts;
    for (auto it = start.globalMatch(text); it.hasNext();)
        starts.append(it.next().capturedStart());
    starts.append(text.size());
    for (qsizetype i = 0; i + 1 < starts.size(); ++i) {
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(
            text.mid(starts[i], starts[i + 1] - starts[i]).toUtf8(), &error);
        if (doc.isObject())
            objects.append(doc.object());
        else
            err() << "doccoverage: " << path << ": " << error.errorString() << '\n';
    }
    return objects;
}

// What Q_OBJECT and Q_GADGET declare in every class: moc's, not the class's API.
bool isMocDeclaration(const QString& name)
{
    static const QSet<QString> names{QStringLiteral("staticMetaObject"),
                                     QStringLiteral("metaObject"),
                                     QStringLiteral("qt_metacast"),
                                     QStringLiteral("qt_metacall"),
                                     QStringLiteral("tr"),
                                     QStringLiteral("trUtf8"),
                                     QStringLiteral("qt_static_metacall"),
                                     QStringLiteral("QPrivateSignal"),
                                     QStringLiteral("qt_check_for_QGADGET_macro"),
                                     QStringLiteral("qt_getEnumMetaObject"),
                                     QStringLiteral("qt_getEnumName")};
    // Compiler-made names (deduction guides) are in angle brackets.
    return names.contains(name) || name.startsWith(QLatin1Char('<'));
}

// Walks one scope of the AST: every public or protected declaration in it must have a
// documented entry in the index under that scope.
void checkScope(const QString& scope, const QJsonArray& declarations, bool publicByDefault,
                const Documented& docs, Report& report)
{
    static const QSet<QString> checkedKinds{QStringLiteral("CXXMethodDecl"),
                                            QStringLiteral("CXXConstructorDecl"),
                                            QStringLiteral("CXXDestructorDecl"),
                                            QStringLiteral("FunctionDecl"),
                                            QStringLiteral("FieldDecl"),
                                            QStringLiteral("VarDecl"),
                                            QStringLiteral("EnumDecl"),
                                            QStringLiteral("TypeAliasDecl"),
                                            QStringLiteral("TypedefDecl"),
                                            QStringLiteral("CXXRecordDecl"),
                                            QStringLiteral("FunctionTemplateDecl"),
                                            QStringLiteral("ClassTemplateDecl"),
                                            QStringLiteral("TypeAliasTemplateDecl")};
    const auto page = docs.classes.find(scope);
    bool accessible = publicByDefault;
    for (const auto& entry : declarations) {
        const QJsonObject decl = entry.toObject();
        const QString kind = decl.value(QLatin1String("kind")).toString();
        if (kind == QLatin1String("AccessSpecDecl")) {
            accessible = decl.value(QLatin1String("access")).toString() != QLatin1String("private");
            continue;
        }
        const QString name = decl.value(QLatin1String("name")).toString();
        if (!accessible || name.isEmpty() || decl.value(QLatin1String("isImplicit")).toBool() ||
            decl.value(QLatin1String("explicitlyDeleted")).toBool() || isMocDeclaration(name))
            continue;
        const QString fullName = scope + QLatin1String("::") + name;
        if (kind == QLatin1String("NamespaceDecl")) {
            // detail: the core's implementation details; qt: the Qt library's (its headers
            // are installed because the public ones include them).
            if (name != QLatin1String("detail") && name != QLatin1String("qt"))
                checkScope(fullName, decl.value(QLatin1String("inner")).toArray(), true, docs,
                           report);
            continue;
        }
        if (!checkedKinds.contains(kind))
            continue;
        const bool definition = decl.value(QLatin1String("completeDefinition")).toBool();
        if (kind == QLatin1String("CXXRecordDecl") && !definition)
            continue; // a forward declaration
        report.checked();
        const bool documented =
            page != docs.classes.end() && page->second.declarations.contains(name);
        if (!documented && !docs.cppNames.contains(fullName))
            report.missing(QStringLiteral("C++ %1 %2").arg(kind, fullName));
        if (kind == QLatin1String("CXXRecordDecl"))
            checkScope(fullName, decl.value(QLatin1String("inner")).toArray(),
                       decl.value(QLatin1String("tagUsed")).toString() != QLatin1String("class"),
                       docs, report);
    }
}

// Every public and protected member of the Koder* classes and everything in namespace
// koder::agent, as the compiler sees the public headers (build-docs.cmake dumps the AST).
void checkDeclarations(const QStringList& astPaths, const Documented& docs, Report& report)
{
    int scopes = 0;
    for (const QString& path : astPaths) {
        for (const QJsonObject& top : readAstDump(path)) {
            const QString kind = top.value(QLatin1String("kind")).toString();
            const QString name = top.value(QLatin1String("name")).toString();
            const QJsonArray inner = top.value(QLatin1String("inner")).toArray();
            ++scopes;
            if (kind == QLatin1String("NamespaceDecl"))
                checkScope(name == QLatin1String("agent") ? QStringLiteral("koder::agent") : name,
                           inner, true, docs, report);
            else if (kind == QLatin1String("CXXRecordDecl") &&
                     top.value(QLatin1String("completeDefinition")).toBool())
                checkScope(name, inner,
                           top.value(QLatin1String("tagUsed")).toString() != QLatin1String("class"),
                           docs, report);
        }
    }
    if (scopes == 0)
        report.missing(QStringLiteral("no declaration found in the AST dumps"));
}

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Fails on every undocumented public item."));
    const QCommandLineOption index(QStringLiteral("index"), QStringLiteral("qdoc index"),
                                   QStringLiteral("file"));
    const QCommandLineOption qmltypes(QStringLiteral("qmltypes"), QStringLiteral("qmltypes"),
                                      QStringLiteral("file"));
    const QCommandLineOption qmlDir(QStringLiteral("qml-dir"), QStringLiteral("QML components"),
                                    QStringLiteral("dir"));
    const QCommandLineOption metatypes(QStringLiteral("metatypes"),
                                       QStringLiteral("moc metatypes JSON (repeatable)"),
                                       QStringLiteral("file"));
    const QCommandLineOption coreHeaders(QStringLiteral("core-headers"),
                                         QStringLiteral("core public headers"),
                                         QStringLiteral("dir"));
    const QCommandLineOption qch(QStringLiteral("qch"), QStringLiteral("the .qch"),
                                 QStringLiteral("file"));
    const QCommandLineOption workDir(QStringLiteral("work-dir"),
                                     QStringLiteral("scratch directory for the help collection"),
                                     QStringLiteral("dir"));
    const QCommandLineOption ast(QStringLiteral("ast"),
                                 QStringLiteral("clang JSON AST dump of the public headers "
                                                "(repeatable)"),
                                 QStringLiteral("file"));
    parser.addOptions({index, qmltypes, qmlDir, metatypes, coreHeaders, ast, qch, workDir});
    parser.addHelpOption();
    parser.process(app);
    for (const auto& required : {index, qmltypes, qmlDir, metatypes, coreHeaders}) {
        if (!parser.isSet(required)) {
            err() << "doccoverage: --" << required.names().constFirst() << " is required\n";
            return 2;
        }
    }

    const Documented docs = readIndex(parser.value(index));
    Report report;
    checkQml(parser.value(qmltypes), parser.value(qmlDir), docs, report);
    checkClasses(parser.values(metatypes), docs, report);
    checkCore(parser.value(coreHeaders), docs, report);
    if (parser.isSet(ast))
        checkDeclarations(parser.values(ast), docs, report);
    if (parser.isSet(qch))
        checkQch(parser.value(qch), parser.value(workDir), docs, report);

    QTextStream out(stdout);
    out << "doccoverage: " << report.checkedCount() << " items checked, " << report.missingCount()
        << " undocumented\n";
    return report.missingCount() == 0 ? 0 : 1;
}
