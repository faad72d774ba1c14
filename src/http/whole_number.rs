//! The integer fields of a request (`ships`, `seed`, `budget_ms`). JSON has one kind of number
//! and JSON Schema counts `10.0` and `1e1` as the integer 10, so a whole number is accepted
//! however it is written. The number is read exactly from its text, never through a double
//! (which from 2^53 on no longer tells neighbouring integers apart, and which serde_json's fast
//! parser may round by an ulp even below that): `18446744073709551615.0` is `u64::MAX`,
//! `9007199254740993.0` stays odd, and `2.5`, `-1` or `1e20` are refused.
//!
//! It is written by hand on purpose: a big-decimal crate would read `1e999999999999` by building
//! the number, costing CPU and memory on a public endpoint for a body of a few bytes. This parser
//! looks at the digits and the exponent's size only, in time linear in the text's length (at most
//! the 256 KiB body), and refuses anything past 2^64 - 1 without building it.

use serde::de::{Deserialize, Deserializer, Error, Unexpected};
use serde_json::value::RawValue;

/// What a field expects, as error messages say it.
const EXPECTED: &str = "a whole number from 0 to 2^64 - 1";

/// Longest number text an error message repeats in full.
const SHOWN: usize = 40;

/// A whole number from 0 to 2^64 - 1, however written.
struct Whole(u64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Whole, D::Error> {
        // The value's own text (valid JSON: serde_json has checked its syntax).
        let text = <&RawValue>::deserialize(d)?.get();
        match text.as_bytes().first() {
            Some(b'-' | b'0'..=b'9') => exact(text).map(Whole).ok_or_else(|| {
                let shown = match text.get(..SHOWN) {
                    Some(head) if text.len() > SHOWN => format!("number {head}..."),
                    _ => format!("number {text}"),
                };
                D::Error::invalid_value(Unexpected::Other(&shown), &EXPECTED)
            }),
            Some(b'"') => {
                let s: String = serde_json::from_str(text).map_err(D::Error::custom)?;
                Err(D::Error::invalid_type(Unexpected::Str(&s), &EXPECTED))
            }
            Some(b't') => Err(D::Error::invalid_type(Unexpected::Bool(true), &EXPECTED)),
            Some(b'f') => Err(D::Error::invalid_type(Unexpected::Bool(false), &EXPECTED)),
            Some(b'[') => Err(D::Error::invalid_type(Unexpected::Seq, &EXPECTED)),
            Some(b'{') => Err(D::Error::invalid_type(Unexpected::Map, &EXPECTED)),
            _ => Err(D::Error::invalid_type(Unexpected::Other("null"), &EXPECTED)),
        }
    }
}

/// The value of a JSON number's text when it is a whole number from 0 to 2^64 - 1, computed
/// from its digits. `text` must be a JSON number (`-? int (. frac)? ([eE] [+-]? digits)?`).
fn exact(text: &str) -> Option<u64> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok();
    }
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // value = digits * 10^scale, with the digits' leading and trailing zeros taken off.
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).skip_while(|&b| b == b'0').collect();
    let mut scale = exponent_value(exponent).saturating_sub(frac.len() as i64);
    while digits.last() == Some(&b'0') {
        digits.pop();
        scale = scale.saturating_add(1);
    }
    if digits.is_empty() {
        return Some(0); // zero, however written (`-0.0e5` too)
    }
    // A fraction remains, or the number is negative, or it has more than u64::MAX's 20 digits.
    if negative || scale < 0 || (digits.len() as i64).saturating_add(scale) > 20 {
        return None;
    }
    let mut value: u64 = 0;
    for d in digits {
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    for _ in 0..scale {
        value = value.checked_mul(10)?;
    }
    Some(value)
}

/// An exponent's value (`+5`, `-05`, `7`), saturating: past i64 it is out of every range anyway.
fn exponent_value(text: &str) -> i64 {
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    digits.bytes().fold(0i64, |acc, b| acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))) * sign
}

/// A list of whole numbers.
pub fn vec<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    Ok(Vec::<Whole>::deserialize(d)?.into_iter().map(|w| w.0).collect())
}

/// A whole number.
pub fn number<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    Ok(Whole::deserialize(d)?.0)
}

/// A whole number or null.
pub fn option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(Option::<Whole>::deserialize(d)?.map(|w| w.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_read_exactly_however_written() {
        for (text, value) in [
            ("0", 0),
            ("-0", 0),
            ("-0.0e5", 0),
            ("0e-999999999999999999999999", 0),
            ("7", 7),
            ("7.0", 7),
            ("7.000000000000000000000000000000000", 7),
            ("0.7e1", 7),
            ("70e-1", 7),
            ("700E-2", 7),
            ("1e1", 10),
            ("1E+1", 10),
            ("0001", 1),
            ("2153582216778793.0", 2_153_582_216_778_793),
            ("9007199254740993.0", 9_007_199_254_740_993),
            ("9007199254740993e0", 9_007_199_254_740_993),
            ("18446744073709551615", u64::MAX),
            ("18446744073709551615.0", u64::MAX),
            ("1844674407370955161.5e1", u64::MAX),
            ("1.8446744073709551615e19", u64::MAX),
            ("1e19", 10_000_000_000_000_000_000),
            ("0.00000000000000000001e20", 1),
        ] {
            assert_eq!(exact(text), Some(value), "{text}");
        }
    }

    #[test]
    fn fractions_negatives_and_numbers_past_u64_are_refused() {
        for text in [
            "2.5",
            "0.1",
            "7.0000000000000000000000000000001",
            "1e-1",
            "15e-1",
            "-1",
            "-1.0",
            "-1e3",
            "18446744073709551616",
            "18446744073709551616.0",
            "1.8446744073709551616e19",
            "1e20",
            "1e400",
            "1e99999999999999999999999999",
            "99999999999999999999999",
        ] {
            assert_eq!(exact(text), None, "{text}");
        }
    }

    #[test]
    fn every_u64_written_every_way_reads_back() {
        for v in [1u64, 9, 10, 123_456_789, 1 << 53, (1 << 53) + 1, u64::MAX - 1, u64::MAX] {
            let digits = v.to_string();
            let (head, tail) = digits.split_at(1);
            for text in [
                digits.clone(),
                format!("{digits}.0"),
                format!("{digits}e0"),
                format!("{digits}0e-1"),
                format!("{head}.{tail}e{}", tail.len()),
            ] {
                assert_eq!(exact(&text), Some(v), "{text}");
            }
        }
    }

    /// `digits` with the decimal point `shift` places from the right (zeros in front where
    /// needed) and `zeros` zeros after the last digit: `written(123, 5, 2)` is `0.0012300`.
    fn written(v: u64, shift: usize, zeros: usize) -> String {
        let digits = format!("{v:0>width$}", width = shift + 1);
        let (int, frac) = digits.split_at(digits.len() - shift);
        format!("{int}.{frac}{}", "0".repeat(zeros))
    }

    proptest::proptest! {
        /// Any u64, its point moved left and an exponent moving it back, reads back exactly.
        #[test]
        fn any_u64_with_a_shifted_point_reads_back(v: u64, shift in 0usize..30, zeros in 0usize..4, e in 0..2usize) {
            let text = format!("{}{}{shift}", written(v, shift, zeros), ["e", "E+"][e]);
            proptest::prop_assert_eq!(exact(&text), Some(v), "{}", text);
        }

        /// One place short of the exponent it needs, a number that does not end in 0 is a fraction.
        #[test]
        fn a_point_left_over_is_a_fraction(v in 1u64.., shift in 1usize..30, zeros in 0usize..4) {
            proptest::prop_assume!(v % 10 != 0);
            let text = format!("{}e{}", written(v, shift, zeros), shift - 1);
            proptest::prop_assert_eq!(exact(&text), None, "{}", text);
        }
    }

    #[test]
    fn other_values_name_their_type() {
        #[derive(Debug, serde::Deserialize)]
        struct Field {
            #[serde(deserialize_with = "option")]
            #[allow(dead_code)]
            n: Option<u64>,
        }
        let err = |json: &str| serde_json::from_str::<Field>(json).unwrap_err().to_string();
        assert!(err(r#"{"n": "x\"y"}"#).starts_with(r#"invalid type: string "x\"y", expected a whole number"#));
        assert!(err(r#"{"n": true}"#).starts_with("invalid type: boolean `true`"));
        assert!(err(r#"{"n": [1]}"#).starts_with("invalid type: sequence"));
        assert!(err(r#"{"n": {}}"#).starts_with("invalid type: map"));
        assert!(err(r#"{"n": 2.5}"#).starts_with("invalid value: number 2.5, expected a whole number from 0"));
        let long = format!(r#"{{"n": 1.{}}}"#, "5".repeat(100));
        assert!(err(&long).starts_with(&format!("invalid value: number 1.{}..., expected", "5".repeat(38))));
        assert_eq!(serde_json::from_str::<Field>(r#"{"n": null}"#).unwrap().n, None);
        assert_eq!(serde_json::from_str::<Field>(r#"{"n": 3.0e0}"#).unwrap().n, Some(3));
        let list: Vec<u64> = vec(&mut serde_json::Deserializer::from_str("[1, 2.0, 3e0]")).unwrap();
        assert_eq!(list, [1, 2, 3]);
        assert!(vec(&mut serde_json::Deserializer::from_str("[1, null]")).unwrap_err().to_string().contains("null"));
    }
}
