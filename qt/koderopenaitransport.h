// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

// OpenAI-compatible Chat Completions over HTTP with SSE streaming. Documented in
// koderopenaitransport.cpp.
class KoderOpenAiTransport : public KoderHttpTransport {
    Q_OBJECT
    // Sampling temperature; negative (the default) leaves it to the server.
    Q_PROPERTY(
        double temperature READ temperature WRITE setTemperature NOTIFY temperatureChanged FINAL)
    // Upper bound of generated tokens; 0 (the default) leaves it to the server.
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY maxTokensChanged FINAL)

public:
    explicit KoderOpenAiTransport(QObject* parent = nullptr);
    ~KoderOpenAiTransport() override;

    double temperature() const { return m_temperature; }
    void setTemperature(double t);
    int maxTokens() const { return m_maxTokens; }
    void setMaxTokens(int n);

Q_SIGNALS:
    void temperatureChanged();
    void maxTokensChanged();

protected:
    QUrl endpoint() const override;
    void addHeaders(QNetworkRequest& request) const override;
    QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                     koder::agent::qt::AttachmentLoader& attachments) const override;
    std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const override;

private:
    double m_temperature = -1;
    int m_maxTokens = 0;
};
