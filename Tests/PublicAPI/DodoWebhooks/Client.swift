// A backend that imports DodoWebhooks and nothing of dodo's else: it must compile
// (scripts/public-api --check typechecks it), so every call and type of the product's surface
// is used and named here once. Never run.
import DodoWebhooks

func receive(headers: [(String, String)], body: [UInt8], secretText: String) throws {
  let secret: WebhookSecret
  do {
    secret = try WebhookSecret(secretText)
  } catch {
    let error: WebhookSecretError = error
    let reason: WebhookSecretError.Reason = error.reason
    print(reason, error.message)
    return
  }
  let delivery = WebhookDelivery(headers: headers.map { HTTPHeader($0.0, $0.1) }, body: body)
  let verifier = WebhookVerifier(secret: secret, tolerance: WebhookVerifier.defaultTolerance)
  let verdict: WebhookVerdict = verifier.verify(delivery)
  for problem: WebhookProblem in verdict.problems {
    if case .signatureMismatch(let accident?) = problem {
      let accident: BodyAccident = accident
      print(accident.summary)
    }
    print(problem.code, problem.message)
  }
  if verdict.isValid, let envelope: WebhookEnvelope = WebhookEnvelope(body: body) {
    print(envelope.businessId, envelope.type, envelope.timestamp, envelope.data.count)
  }
  let signer = WebhookSigner(secret: secret)
  let signed: [HTTPHeader] = signer.headers(id: WebhookSigner.newMessageID(), timestamp: 1_764_600_505, body: body)
  print(signed.map(\.name), signer.signature(id: "msg_1", timestamp: "1764600505", body: body))
}
