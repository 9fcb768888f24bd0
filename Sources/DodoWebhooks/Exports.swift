// What `import DodoWebhooks` brings besides `WebhookEnvelope`: the Standard Webhooks verifier
// and signer that `dodo webhook` runs, the delivery they read, the verdict and its problems
// (and the body accident a mismatch names), the secret and its error, and the header pair
// the signer makes and a delivery is read from: one declaration each from the account side.
// A whole-module re-export would bring Dodo's API client, the transport and the CLI's sample
// events along with them.
@_exported import enum DodoAccount.BodyAccident
@_exported import struct DodoAccount.HTTPHeader
@_exported import struct DodoAccount.WebhookDelivery
@_exported import enum DodoAccount.WebhookProblem
@_exported import struct DodoAccount.WebhookSecret
@_exported import struct DodoAccount.WebhookSecretError
@_exported import struct DodoAccount.WebhookSigner
@_exported import struct DodoAccount.WebhookVerdict
@_exported import struct DodoAccount.WebhookVerifier
