/// Options that more than one command takes, declared once.
enum SharedOptions {
  static let returnURL = OptionSpec(
    "return-url", value: "URL",
    help: "The URL the checkout returns to (else the profile's).")
}
