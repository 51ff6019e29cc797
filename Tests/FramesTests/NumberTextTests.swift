import Frames
import Testing

@Suite("Numbers as text")
struct NumberTextTests {
  @Test("whole numbers are grouped in thousands, the sign kept in front")
  func wholeNumbers() {
    #expect(NumberText.grouped(0) == "0")
    #expect(NumberText.grouped(999) == "999")
    #expect(NumberText.grouped(1000) == "1,000")
    #expect(NumberText.grouped(-1_500) == "-1,500")
    #expect(NumberText.grouped(1_234_567) == "1,234,567")
    #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
  }

  @Test("fractions keep their decimals and group the whole part")
  func fractions() {
    #expect(NumberText.grouped(18_338.24, decimals: 1) == "18,338.2")
    #expect(NumberText.grouped(-1234.5, decimals: 2) == "-1,234.50")
    #expect(NumberText.grouped(999.96, decimals: 1) == "1,000.0")
    #expect(NumberText.grouped(12.5, decimals: 0) == "12")
  }
}
