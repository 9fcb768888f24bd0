// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "dodo",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "DodoCheckoutDesktop", targets: ["DodoCheckoutDesktop"]),
    .library(name: "DodoWebhooks", targets: ["DodoWebhooks"]),
    .executable(name: "dodo", targets: ["dodo"]),
    // dodo's HTTPS helper (libcurl), run by `dodo` for the commands that call Dodo's API;
    // installed in PREFIX/libexec/dodo/, not on PATH.
    .executable(name: "dodo-https", targets: ["dodo-https"]),
  ],
  targets: [
    // The byte engine: word-at-a-time scans, the percent decoder, the output cursor, behind a
    // small safe API. Knows nothing of checkouts, and imports nothing of ours but its
    // sixteen-byte classifier (SSE2's compare and movemask, which Swift's SIMD types lack).
    .systemLibrary(name: "CByteClass"),
    .target(name: "DodoBytes", dependencies: ["CByteClass"]),
    // The checkout contract and flow: pure Swift, no files, processes, sockets or terminals.
    .target(name: "DodoCheckout", dependencies: ["DodoBytes"]),
    // QR codes (ISO/IEC 18004, byte mode) and their terminal drawing: pure Swift, no dependency.
    // Written here because Debian ships libqrencode only as a shared library, and `dodo` is static.
    .target(name: "DodoQRCode"),
    // libyaml, seen only by DodoConfig.
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(name: "DodoConfig", dependencies: ["CYAML", "DodoBytes", "DodoCheckout"]),
    // prctl, which Swift cannot call (variadic), for the syscall layer only.
    .systemLibrary(name: "CProcess"),
    .target(name: "DodoPlatform", dependencies: ["DodoBytes", "DodoCheckout", "CProcess"]),
    // Where DodoConfig meets DodoPlatform, which must not see each other: the config files as
    // read from disk (trusted or refused), secrets from their commands and the API's
    // credentials, doctor's checks of the settings, and plugins on PATH with their environment.
    .target(name: "DodoSetup", dependencies: ["DodoCheckout", "DodoConfig", "DodoPlatform"]),
    // libsodium (HMAC-SHA256, constant-time comparison, base64, randomness), seen only by DodoAccount.
    .systemLibrary(
      name: "CSodium",
      pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
    ),
    // The account side: Dodo's API and webhooks, over a transport protocol (no sockets of its own).
    .target(name: "DodoAccount", dependencies: ["DodoCheckout", "CSodium"]),
    // libcurl, seen only by DodoCurl: linked dynamically into the helper (and a library user),
    // never into `dodo`, so that TLS security updates come from the OS.
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    // HTTPS through libcurl, in-process: the transport the helper runs.
    .target(name: "DodoCurl", dependencies: ["CCurl", "DodoAccount", "DodoPlatform"]),
    // The process's arguments as glibc hands them over, in place of the static Swift runtime's
    // scan of /proc/self/maps at every start (Sources/CArguments/arguments.c). Executables only.
    .target(name: "CArguments"),
    .executableTarget(name: "dodo-https", dependencies: ["DodoCurl", "DodoAccount", "DodoPlatform", "CArguments"]),
    // The account side's way to the network from `dodo`: the HTTPS helper it runs, pacing, and
    // batches of confirmations over a few threads.
    .target(name: "DodoNetwork", dependencies: ["DodoAccount", "DodoCheckout", "DodoPlatform"]),
    .target(
      name: "DodoCLI",
      dependencies: [
        "DodoBytes", "DodoConfig", "DodoPlatform", "DodoSetup", "DodoCheckout", "DodoAccount", "DodoNetwork",
        "DodoQRCode",
      ]),
    .executableTarget(name: "dodo", dependencies: ["DodoCLI", "CArguments"]),
    // The iOS SDK's four calls (`DodoCheckout.start` and friends) for Swift programs on the desktop,
    // confirmation and licenses (`DodoLicense`, whose license cycle it shares with `dodo` through DodoNetwork).
    .target(
      name: "DodoCheckoutDesktop",
      dependencies: ["DodoCheckout", "DodoPlatform", "DodoAccount", "DodoCurl", "DodoNetwork"]),
    // Standard Webhooks' verifier and signer for Swift backends that receive Dodo's webhooks,
    // and the events' envelope: the account side's webhook types, and nothing else of it.
    .target(name: "DodoWebhooks", dependencies: ["DodoAccount"]),
    // A checkout run with the library; built by `swift build`, not installed.
    .executableTarget(
      name: "dodo-checkout-example", dependencies: ["DodoCheckoutDesktop"], path: "Examples/CheckoutExample"),

    // What the test targets share (as swift-argument-parser's ArgumentParserTestHelpers): a
    // temporary directory, a subprocess runner, Dodo's API in memory, fixtures, and text
    // assertions that show a line diff. Linked only into tests.
    .target(name: "DodoTestSupport", dependencies: ["DodoAccount"], path: "Tests/DodoTestSupport"),

    .testTarget(name: "DodoBytesTests", dependencies: ["DodoBytes", "CByteClass", "DodoTestSupport"]),
    .testTarget(name: "DodoCheckoutTests", dependencies: ["DodoCheckout", "DodoBytes", "DodoTestSupport"]),
    .testTarget(name: "DodoConfigTests", dependencies: ["DodoConfig", "DodoTestSupport"]),
    .testTarget(name: "DodoQRCodeTests", dependencies: ["DodoQRCode"]),
    .testTarget(name: "DodoPlatformTests", dependencies: ["DodoBytes", "DodoPlatform", "DodoTestSupport"]),
    .testTarget(name: "DodoSetupTests", dependencies: ["DodoSetup", "DodoTestSupport"]),
    .testTarget(name: "DodoAccountTests", dependencies: ["DodoAccount", "DodoTestSupport"]),
    .testTarget(name: "DodoCurlTests", dependencies: ["DodoCurl"]),
    .testTarget(name: "DodoNetworkTests", dependencies: ["DodoNetwork", "DodoTestSupport"]),
    .testTarget(
      name: "DodoCLITests", dependencies: ["DodoBytes", "DodoCLI", "DodoAccount", "DodoQRCode", "DodoTestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "DodoCheckoutDesktopTests",
      dependencies: ["DodoCheckoutDesktop", "DodoAccount", "DodoCheckout", "DodoTestSupport"]),
    .testTarget(name: "DodoWebhooksTests", dependencies: ["DodoWebhooks"]),
    // Runs the built `dodo` (and the library's example) as subprocesses; depends on them so
    // that `swift test` builds them first.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "dodo", "dodo-https", "dodo-checkout-example", "DodoCLI", "DodoAccount", "DodoCurl", "DodoNetwork",
        "DodoQRCode", "DodoTestSupport",
      ],
      exclude: [
        "Support/fake-dodo-api.py", "Support/fake-dodo-api-h2.py", "Support/webhook-receiver.py",
        "Support/webhook-client.py", "Support/sdk-webhook-receiver.py", "Support/dodo_schemas.py",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
