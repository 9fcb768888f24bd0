import DodoBytes

/// A return URL's query read in place: the one reading of the result rules (spec 1.4).
///
/// `CheckoutResult(returnURL:)` is this reading made into strings; a caller that streams
/// many URLs (`dodo explain-status --json -`) reads the texts directly and makes none.
package struct ReturnQuery {
  /// One parameter: its name and its last value.
  package struct Parameter: BitwiseCopyable {
    package let name: QueryText
    package let value: QueryText
    /// The name's first eight bytes (fewer for a shorter name, the lanes above zero): the
    /// search for a repeated name compares this word before any byte.
    let nameWord: UInt64

    /// This value under the name of `first`, the parameter it repeats: a repeated name keeps
    /// its first spelling and its last value.
    fileprivate func withName(of first: Parameter) -> Parameter {
      Parameter(name: first.name, value: value, nameWord: first.nameWord)
    }

    /// Whether both names decode to equal strings (`QueryText.decodesEqual(to:)`); two
    /// plain ASCII names by their first word and length before their other bytes.
    fileprivate func hasName(of other: Parameter) -> Bool {
      guard name.isPlainASCII && other.name.isPlainASCII else { return name.decodesEqual(to: other.name) }
      return nameWord == other.nameWord && name.encoded.count == other.name.encoded.count
        && (name.encoded.count <= 8 || name.encoded.elementsEqual(other.name.encoded))
    }
  }

  /// Every parameter in the order its name first appears; a repeated name keeps its last value.
  package private(set) var parameters: InlineList<Parameter>
  /// Every non-empty `license_key`, in order.
  package private(set) var licenseKeys: InlineList<QueryText>
  /// The `status` parameter as given; `nil` when there is none.
  package private(set) var rawStatus: QueryText?
  /// The typed fields; `nil` when the parameter is missing or empty.
  package private(set) var paymentId: QueryText?
  package private(set) var subscriptionId: QueryText?
  package private(set) var customerEmail: QueryText?

  /// The status `rawStatus` stands for (`pending` when there is none). Stored, not computed:
  /// the writers, the warnings and the tally each ask for it.
  package private(set) var status = CheckoutStatus.pending

  /// The status `rawStatus`, read from `bytes` at `offset`, stands for: the words of the
  /// bytes as they stand when they hold no escape (`StatusWords.status(in:at:count:)`).
  private static func status(of rawStatus: QueryText, in bytes: ByteView, at offset: Int)
    -> CheckoutStatus
  {
    guard rawStatus.isEscaped else {
      return StatusWords.status(in: bytes, at: offset, count: rawStatus.encoded.count)
    }
    // The recognized values are 6 to 9 bytes; anything longer is pending however written.
    guard rawStatus.encoded.count <= 27 else { return .pending }
    return rawStatus.withDecodedBytes { StatusWords.status(of: $0) }
  }

  /// The reading as the SDK's typed result.
  package var result: CheckoutResult {
    CheckoutResult(
      status: status, paymentId: paymentId?.decoded, subscriptionId: subscriptionId?.decoded,
      licenseKeys: licenseKeys.isEmpty ? nil : licenseKeys.map(\.decoded), customerEmail: customerEmail?.decoded,
      parameters: parameters.map { QueryParameter(name: $0.name.decoded, value: $0.value.decoded) })
  }

  /// Reads the return URL whose UTF-8 text is `url` and calls `body` with its query; the
  /// reading points into `url` and must not outlive `body`.
  package static func withReturnURL<R>(_ url: ByteView, _ body: (ReturnQuery) -> R)
    throws(CheckoutError) -> R
  {
    try withReturnURL(url) { query, _ in body(query) }
  }

  /// `withReturnURL(_:_:)`, `body` also given the range of the URL's authority (userinfo,
  /// host and port), in which `ReturnInput` looks for a checkout page.
  static func withReturnURL<R>(_ url: ByteView, _ body: (ReturnQuery, Range<Int>) -> R)
    throws(CheckoutError) -> R
  {
    let parts = try returnURLParts(url)
    return try read(url, queryFrom: scanStart(parts)) { body($0, authorityRange(parts)) }
  }

  /// Reads the query of `bytes` from `start` and calls `body` with it, or throws what of the
  /// query or fragment is not URL text.
  private static func read<R>(_ bytes: ByteView, queryFrom start: Int, _ body: (ReturnQuery) -> R)
    throws(CheckoutError) -> R
  {
    let read = withRoom { room -> Result<R, CheckoutError> in
      let query = ReturnQuery(bytes, queryFrom: start, room: room)
      if let error = query.unreadable { return .failure(.invalidURL(error, kind: .incoming)) }
      return .success(body(query))
    }
    return try read.get()
  }

  /// Reads the return URL `url` as `dodo start` reads a return coming back
  /// (`ReturnURL.reading(_:)`): a URL with a host up to its query, and its query read as far
  /// as it goes, `unreadablePart` saying what is not URL text; `nil` when it is not even that.
  /// `body` is also given the range of the URL's authority, as by `withReturnURL(_:_:)`.
  package static func withReturnURLAsReturned<R>(
    _ url: ByteView, _ body: (ReturnQuery, Range<Int>) -> R
  ) -> R? {
    guard let parts = try? URLReader.read(url, checking: .beforeQuery), let authority = parts.authority,
      !authority.host.isEmpty
    else { return nil }
    return withRoom { body(ReturnQuery(returnURL: url, parts, room: $0), authorityRange(parts)) }
  }

  /// The authority of a URL that has one: from after the scheme's `://` to the path.
  private static func authorityRange(_ parts: URLParts) -> Range<Int> {
    (parts.scheme.upperBound + 3)..<parts.path.lowerBound
  }

  /// Where the query's pass starts in a URL read into `parts`: after the `?`, or at the `#`
  /// or the end when there is no query.
  private static func scanStart(_ parts: URLParts) -> Int { parts.query?.lowerBound ?? parts.path.upperBound }

  /// Reads a bare query (`status=…&…`, with or without a leading `?`) like `withReturnURL`.
  package static func withQuery<R>(_ text: ByteView, _ body: (ReturnQuery) -> R) throws(CheckoutError)
    -> R
  {
    try read(text, queryFrom: queryStart(ofQuery: text), body)
  }

  /// Room on the stack for the parameters and license keys of a usual query (`InlineList`).
  typealias Room = (parameters: InlineList<Parameter>.Room, licenseKeys: InlineList<QueryText>.Room)

  /// No room: every parameter goes to the lists' arrays (a reading that outlives its closure).
  static var noRoom: Room {
    (.none, .none)
  }

  /// Eight parameters and four license keys hold the usual return URLs (480 bytes of stack); a
  /// longer query puts the rest in arrays.
  @inline(__always) private static func withRoom<R>(_ body: (Room) -> R) -> R {
    InlineList<Parameter>.withRoom(capacity: 8) { parameters in
      InlineList<QueryText>.withRoom(capacity: 4) { body((parameters, $0)) }
    }
  }

  /// What of the query or fragment is not URL text (a space, a control character, a bad `%`
  /// escape), as a phrase such as "it contains a space at position 52 (…)"; `nil` when all is.
  /// Set only by the reading of a URL coming back to a checkout (`ReturnURL.reading(_:)`;
  /// the strict readings throw it instead),
  /// which is matched on scheme, host and path alone (spec 1.3): such a URL still comes back,
  /// and its query is read as far as it goes, the bad part as given.
  package var unreadablePart: String? { unreadable?.reason }
  /// Why the query or fragment is not URL text; the error rather than its phrase, so that a
  /// reading holds no string to release (one per URL of `explain-status -`).
  private var unreadable: URLSyntaxError?
  /// Where the query's pass read the query: from after its `?` to its `#` or the end.
  private(set) var queryRange = 0..<0
  /// How long the query read is. Every text of the reading lies in it, each in a piece of its
  /// own, and each value is at most in one typed field and in `parameters`: all the texts
  /// together are at most twice as long, the bound a writer makes room by.
  package var queryLength: Int { queryRange.count }
  /// Whether the query holds `&amp;` (HTML's `&`, as an email writes it), seen at each `&` on
  /// the way: `ReturnInput` then cleans the input and reads it again.
  private(set) var holdsHTMLAmpersand = false
  /// Where each field named so far has its parameter, plus one (0: not named yet), a byte
  /// each (the byte `QueryField.rawValue`), while the names are searched linearly (16 at
  /// most): a field's name named again is found there.
  private var fieldPositions: UInt64 = 0

  /// Reads the query of the return URL `url`, which must be URL text throughout.
  init(returnURL url: ByteView) throws(CheckoutError) {
    self.init(url, queryFrom: Self.scanStart(try Self.returnURLParts(url)))
    if let unreadable { throw .invalidURL(unreadable, kind: .incoming) }
  }

  /// The parts of the return URL `url` up to its query, once all before the query is URL text
  /// with a scheme and a host. The query and the fragment are left to the query's own pass
  /// (`init(_:queryFrom:room:)`), which finds what of them is not URL text too: one pass over
  /// the longest part of a return URL, not three. Inlined: a call returned the parts through
  /// a `memcpy` per URL.
  @inline(__always)
  private static func returnURLParts(_ url: ByteView) throws(CheckoutError) -> URLParts {
    let parts: URLParts
    do throws(URLSyntaxError) { parts = try URLReader.read(url, checking: .beforeQuery, findingFragment: false) } catch
    {
      throw .invalidURL(characterError(in: url) ?? error, kind: .incoming)
    }
    guard let authority = parts.authority, !authority.host.isEmpty else {
      if let error = characterError(in: url) { throw .invalidURL(error, kind: .incoming) }
      throw .invalidReturnUrl(
        "it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return?status=succeeded'")
    }
    return parts
  }

  /// What of `url` is not URL text, anywhere: an error there is the one to report before any
  /// other, as `URLReader.read(_:)` checks all the text first.
  private static func characterError(in url: ByteView) -> URLSyntaxError? {
    do throws(URLSyntaxError) { try URLReader.checkCharacters(url) } catch { return error }
    return nil
  }

  /// Reads the query of `url`, already read into `parts` with `URLReader.read(_:checking: .beforeQuery)`:
  /// whatever the query holds, with `unreadablePart` saying what is not URL text.
  init(returnURL url: ByteView, _ parts: URLParts, room: Room = noRoom) {
    self.init(url, queryFrom: Self.scanStart(parts), room: room)
  }

  /// Where the bare query `text` starts: after its `?`, if it has one.
  static func queryStart(ofQuery text: ByteView) -> Int {
    text.first == UInt8(ascii: "?") ? 1 : 0
  }

  /// Above this many distinct names, a hash index replaces the linear search for repeats,
  /// so that a hostile query with many names stays linear.
  private static let linearSearchLimit = 16

  /// Reads the query that starts at `start` and runs to the first `#` or the end of
  /// `bytes`, in the one pass that also finds what of it is not URL text (a space, a control
  /// character, a bad `%` escape: `unreadable`, as `URLReader.checkCharacters` says it), and
  /// then checks the fragment after it.
  init(_ bytes: ByteView, queryFrom start: Int, room: Room = noRoom) {
    parameters = InlineList(room: room.parameters)
    licenseKeys = InlineList(room: room.licenseKeys)
    var index: [String: Int]?
    // DodoBytes splits the query (`QuerySplitter`); the names and what they mean are read here.
    var pieces = QuerySplitter(bytes, from: start)
    while let piece = pieces.next() {
      let name = QueryText(piece.name, isEscaped: piece.nameEscaped, hasNonASCII: piece.nameNonASCII)
      let value = QueryText(piece.value, isEscaped: piece.valueEscaped, hasNonASCII: piece.valueNonASCII)
      let field = QueryField(name, firstWord: piece.nameWord)
      switch field {
      case .status:
        rawStatus = value
        status = Self.status(of: value, in: bytes, at: piece.valueStart)
      case .paymentId: paymentId = value.isEmpty ? nil : value
      case .subscriptionId: subscriptionId = value.isEmpty ? nil : value
      case .customerEmail: customerEmail = value.isEmpty ? nil : value
      case .licenseKey where !value.isEmpty: licenseKeys.append(value)
      case .licenseKey, nil: break
      }
      let parameter = Parameter(name: name, value: value, nameWord: piece.nameWord)
      // A field's name named for the first time repeats no earlier name: an earlier name that
      // decodes to it would have been that field; named again, it repeats the parameter of
      // that field (two names of one field decode alike). The usual query's names are all fields.
      if let field, index == nil {
        let shift = UInt64(field.rawValue) &* 8
        let named = Int(truncatingIfNeeded: (fieldPositions &>> shift) & 0xFF)
        if named > 0 {
          let position = named &- 1
          parameters.replace(at: position, with: parameter.withName(of: parameters[position]))
        } else {
          fieldPositions |= UInt64(parameters.count &+ 1) &<< shift
          parameters.append(parameter)
          if parameters.count > Self.linearSearchLimit { index = indexOfNames() }
        }
      } else {
        insert(parameter, index: &index)
      }
    }
    holdsHTMLAmpersand = pieces.holdsHTMLAmpersand
    let count = bytes.count
    queryRange = start..<pieces.position
    switch pieces.fault {
    case .malformedEscape(let at): unreadable = .malformedEscape(at: at)
    case .controlCharacter(let at): unreadable = .controlCharacter(at: at)
    case .space(let at): unreadable = .space(at: at)
    case nil:
      if pieces.position < count {
        do throws(URLSyntaxError) { try URLReader.checkCharacters(bytes, in: (pieces.position + 1)..<count) } catch {
          unreadable = error
        }
      }
    }
  }

  /// Adds `parameter`, or gives the parameter whose name it repeats its value: by a linear
  /// search, inlined into the scan, up to `linearSearchLimit` names; by `index` beyond.
  @inline(__always) private mutating func insert(_ parameter: Parameter, index: inout [String: Int]?) {
    guard index == nil else { return insert(parameter, indexed: &index) }
    if let at = parameters.firstPosition(where: { $0.hasName(of: parameter) }) {
      parameters.replace(at: at, with: parameter.withName(of: parameters[at]))
      return
    }
    parameters.append(parameter)
    if parameters.count > Self.linearSearchLimit { index = indexOfNames() }
  }

  /// The position of each name's first parameter, by its decoded name.
  private func indexOfNames() -> [String: Int] {
    Dictionary(parameters.enumerated().lazy.map { ($1.name.decoded, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private mutating func insert(_ parameter: Parameter, indexed index: inout [String: Int]?) {
    if let at = index?[parameter.name.decoded] {
      parameters.replace(at: at, with: parameter.withName(of: parameters[at]))
    } else {
      index?[parameter.name.decoded] = parameters.count
      parameters.append(parameter)
    }
  }
}
