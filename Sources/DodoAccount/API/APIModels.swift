#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of `product_cart`: a product and how many.
public struct CartItem: Sendable, Hashable, Codable {
  public var productId: String
  public var quantity: Int

  public init(productId: String, quantity: Int = 1) {
    self.productId = productId
    self.quantity = quantity
  }

  /// Reads `ID` or `ID:QTY` (QTY a positive whole number, 1 when left out); `nil` for
  /// anything else: an empty ID, a quantity that is not a number or is 0.
  public init?(argument: String) {
    let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let id = String(parts[0])
    guard !id.isEmpty, !id.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false })
    else { return nil }
    var quantity = 1
    if parts.count == 2 {
      guard let count = Int(parts[1]), count > 0, count <= 1_000_000, parts[1].allSatisfy(\.isASCII) else {
        return nil
      }
      quantity = count
    }
    self.init(productId: id, quantity: quantity)
  }

  enum CodingKeys: String, CodingKey {
    case productId = "product_id"
    case quantity
  }
}

/// The body of `POST /checkouts`: only `product_cart` is required; the others are left out
/// when not given.
public struct CheckoutSessionRequest: Sendable, Hashable, Encodable {
  /// A new customer, by email (and name).
  public struct Customer: Sendable, Hashable, Encodable {
    public var email: String
    public var name: String?

    public init(email: String, name: String? = nil) {
      self.email = email
      self.name = name
    }
  }

  public var productCart: [CartItem]
  public var returnURL: String?
  public var customer: Customer?
  public var metadata: [String: String]?
  /// Every code given, as `discount_codes` (Dodo's singular `discount_code` is deprecated).
  public var discountCodes: [String]?
  /// The page's own options (`PageCustomization`, `FeatureFlags`: set from a `CheckoutPage`
  /// with `page`) and where its back button goes; left out when not set.
  public var customization: PageCustomization?
  public var featureFlags: FeatureFlags?
  public var cancelURL: String?

  public init(
    productCart: [CartItem], returnURL: String? = nil, customer: Customer? = nil, metadata: [String: String]? = nil,
    discountCodes: [String]? = nil
  ) {
    self.productCart = productCart
    self.returnURL = returnURL
    self.customer = customer
    self.metadata = metadata
    self.discountCodes = discountCodes
  }

  enum CodingKeys: String, CodingKey {
    case productCart = "product_cart"
    case returnURL = "return_url"
    case customer
    case metadata
    case discountCodes = "discount_codes"
    case customization
    case featureFlags = "feature_flags"
    case cancelURL = "cancel_url"
  }

  /// The JSON body, keys in a stable order.
  public func body() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { Array($0) } ?? []
  }
}

/// The answer to `POST /checkouts`.
public struct CheckoutSessionCreated: Sendable, Hashable, Decodable {
  public var sessionId: String
  public var checkoutURL: String

  public init(sessionId: String, checkoutURL: String) {
    self.sessionId = sessionId
    self.checkoutURL = checkoutURL
  }

  enum CodingKeys: String, CodingKey {
    case sessionId = "session_id"
    case checkoutURL = "checkout_url"
  }
}

/// The answer to `GET /checkouts/{id}`; `paymentId` and `paymentStatus` are `nil` while the
/// customer is still entering details.
public struct CheckoutSessionDetails: Sendable, Hashable, Decodable {
  public var id: String
  public var createdAt: String?
  public var customerEmail: String?
  public var customerName: String?
  public var paymentId: String?
  public var paymentStatus: String?

  public init(id: String, paymentId: String? = nil, paymentStatus: String? = nil) {
    self.id = id
    self.paymentId = paymentId
    self.paymentStatus = paymentStatus
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    createdAt = c.lenient(.createdAt)
    customerEmail = c.lenient(.customerEmail)
    customerName = c.lenient(.customerName)
    paymentId = c.lenient(.paymentId)
    paymentStatus = c.lenient(.paymentStatus)
  }

  enum CodingKeys: String, CodingKey {
    case id
    case createdAt = "created_at"
    case customerEmail = "customer_email"
    case customerName = "customer_name"
    case paymentId = "payment_id"
    case paymentStatus = "payment_status"
  }
}

/// The fields of `GET /payments/{id}` that `dodo` uses; the others are ignored.
public struct Payment: Sendable, Hashable, Decodable {
  public var paymentId: String
  /// Dodo's `IntentStatus`: `succeeded`, `failed`, `cancelled`, `processing`, `requires_…`, …
  public var status: String?
  /// In the currency's smallest unit.
  public var totalAmount: Int?
  public var currency: String?
  public var checkoutSessionId: String?
  public var subscriptionId: String?
  /// Every subscription the payment starts or charges (Dodo's newest SDKs): a payment for
  /// several has `subscriptionId` null and its ids here; `[]` when absent.
  public var subscriptionIds: [String]
  public var errorCode: String?
  public var errorMessage: String?

  public init(
    paymentId: String, status: String?, totalAmount: Int? = nil, currency: String? = nil,
    checkoutSessionId: String? = nil, subscriptionId: String? = nil, subscriptionIds: [String] = [],
    errorCode: String? = nil, errorMessage: String? = nil
  ) {
    self.paymentId = paymentId
    self.status = status
    self.totalAmount = totalAmount
    self.currency = currency
    self.checkoutSessionId = checkoutSessionId
    self.subscriptionId = subscriptionId
    self.subscriptionIds = subscriptionIds
    self.errorCode = errorCode
    self.errorMessage = errorMessage
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    paymentId = try c.decode(String.self, forKey: .paymentId)
    status = c.lenient(.status)
    totalAmount = c.lenient(.totalAmount)
    currency = c.lenient(.currency)
    checkoutSessionId = c.lenient(.checkoutSessionId)
    subscriptionId = c.lenient(.subscriptionId)
    subscriptionIds = c.lenient(.subscriptionIds) ?? []
    errorCode = c.lenient(.errorCode)
    errorMessage = c.lenient(.errorMessage)
  }

  enum CodingKeys: String, CodingKey {
    case paymentId = "payment_id"
    case status
    case totalAmount = "total_amount"
    case currency
    case checkoutSessionId = "checkout_session_id"
    case subscriptionId = "subscription_id"
    case subscriptionIds = "subscription_ids"
    case errorCode = "error_code"
    case errorMessage = "error_message"
  }
}

/// The fields of `GET /subscriptions/{id}` that `dodo` uses.
public struct Subscription: Sendable, Hashable, Decodable {
  public var subscriptionId: String
  /// `pending`, `active`, `on_hold`, `paused`, `cancelled`, `failed` or `expired`.
  public var status: String?
  public var productId: String?
  public var recurringPreTaxAmount: Int?
  public var currency: String?
  public var nextBillingDate: String?

  public init(subscriptionId: String, status: String?, recurringPreTaxAmount: Int? = nil, currency: String? = nil) {
    self.subscriptionId = subscriptionId
    self.status = status
    self.recurringPreTaxAmount = recurringPreTaxAmount
    self.currency = currency
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    subscriptionId = try c.decode(String.self, forKey: .subscriptionId)
    status = c.lenient(.status)
    productId = c.lenient(.productId)
    recurringPreTaxAmount = c.lenient(.recurringPreTaxAmount)
    currency = c.lenient(.currency)
    nextBillingDate = c.lenient(.nextBillingDate)
  }

  enum CodingKeys: String, CodingKey {
    case subscriptionId = "subscription_id"
    case status
    case productId = "product_id"
    case recurringPreTaxAmount = "recurring_pre_tax_amount"
    case currency
    case nextBillingDate = "next_billing_date"
  }
}

extension KeyedDecodingContainer {
  /// An optional field: `nil` when it is missing, `null`, or of another type than expected,
  /// so that a field Dodo changes or drops never makes the whole answer unreadable.
  func lenient<T: Decodable>(_ key: Key) -> T? {
    (try? decodeIfPresent(T.self, forKey: key)) ?? nil
  }
}
