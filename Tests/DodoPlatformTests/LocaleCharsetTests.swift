import DodoPlatform
import Testing

@Suite("the locale's character set")
struct LocaleCharsetTests {
  @Test("LC_ALL, else LC_CTYPE, else LANG, the first not empty; none is the C locale")
  func precedence() {
    #expect(LocaleCharset.isUTF8(["LANG": "en_US.UTF-8"]))
    #expect(LocaleCharset.isUTF8(["LC_CTYPE": "UTF-8"]))
    #expect(LocaleCharset.isUTF8(["LC_ALL": "C.utf8", "LANG": "C"]))
    #expect(LocaleCharset.isUTF8(["LC_ALL": "", "LANG": "de_DE.UTF-8@euro"]))
    #expect(!LocaleCharset.isUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
    #expect(!LocaleCharset.isUTF8(["LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"]))
    #expect(!LocaleCharset.isUTF8(["LANG": "en_US.ISO-8859-1"]))
    #expect(!LocaleCharset.isUTF8([:]))
  }
}
