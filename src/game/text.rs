//! Values that files and requests carry as their text (`density`, `hard`, `10x10`, `2/5`):
//! serde through the type's own `Display` and `FromStr` (serde_with's `SerializeDisplay` and
//! `DeserializeFromStr`), so that the text is parsed and printed in one place. What is here checks
//! each such type both ways.

/// Checks that `value` prints as `text`, parses back from it, and is the JSON `json` both ways:
/// the tests of each type that is carried as its text.
#[cfg(test)]
pub(crate) fn round_trips<T>(value: T, text: &str, json: &str)
where
    T: std::fmt::Display
        + std::str::FromStr<Err: std::fmt::Debug>
        + serde::Serialize
        + serde::de::DeserializeOwned
        + PartialEq
        + std::fmt::Debug,
{
    assert_eq!(value.to_string(), text);
    assert_eq!(text.parse::<T>().unwrap(), value);
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::str::FromStr;

    use super::round_trips;

    /// A value written as its number of stars.
    #[derive(Debug, PartialEq, serde_with::SerializeDisplay, serde_with::DeserializeFromStr)]
    struct Stars(usize);

    impl fmt::Display for Stars {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&"*".repeat(self.0))
        }
    }

    impl FromStr for Stars {
        type Err = String;

        fn from_str(text: &str) -> Result<Stars, String> {
            match text.chars().all(|c| c == '*') {
                true => Ok(Stars(text.len())),
                false => Err(format!("stars {text:?}: only '*' allowed")),
            }
        }
    }

    #[test]
    fn the_derives_serialize_the_text_and_parses_it_back_with_the_types_own_error() {
        round_trips(Stars(3), "***", r#""***""#);
        round_trips(Stars(0), "", r#""""#);
        let e = serde_json::from_str::<Stars>(r#""*x""#).unwrap_err().to_string();
        assert!(e.starts_with(r#"stars "*x": only '*' allowed"#), "{e}");
        assert!(serde_json::from_str::<Stars>("3").is_err(), "a number is not a text");
    }
}
