//! Values that files and requests carry as their text (`density`, `hard`, `10x10`, `2/5`):
//! serde through the type's own `Display` and `FromStr`, so that the text is parsed and printed
//! in one place.

/// Implements `Serialize` (as the `Display` text) and `Deserialize` (from a string, by
/// `FromStr`, whose error becomes the deserializer's message) for a type.
macro_rules! serde_as_text {
    ($type:ty) => {
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

pub(crate) use serde_as_text;

#[cfg(test)]
mod tests {
    use std::fmt::{Debug, Display};
    use std::str::FromStr;

    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use crate::board::BoardSize;
    use crate::level::Level;
    use crate::placement::Style;
    use crate::strategy::Algorithm;

    /// `value` prints as `text`, parses back from it, and is the JSON `json` both ways.
    fn round_trips<T>(value: T, text: &str, json: &str)
    where
        T: Display + FromStr<Err: Debug> + Serialize + DeserializeOwned + PartialEq + Debug,
    {
        assert_eq!(value.to_string(), text);
        assert_eq!(text.parse::<T>().unwrap(), value);
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn domain_values_print_parse_and_serialize_as_one_text() {
        for &a in Algorithm::ALL {
            round_trips(a, a.name(), &format!("\"{}\"", a.name()));
        }
        round_trips(Algorithm::WeightedDensity, "weighted-density", r#""weighted-density""#);
        round_trips(Style::Uniform, "uniform", r#""uniform""#);
        round_trips(Style::Hard, "hard", r#""hard""#);
        round_trips(BoardSize::CLASSIC, "10x10", r#""10x10""#);
        round_trips(BoardSize { rows: 26, cols: 1 }, "26x1", r#""26x1""#);
        // A level is its number in JSON, as in requests.
        for level in Level::all() {
            round_trips(level, &level.get().to_string(), &level.get().to_string());
        }
        assert_eq!(" 7 X 8 ".parse::<BoardSize>().unwrap(), BoardSize { rows: 7, cols: 8 });
    }

    #[test]
    fn parse_errors_name_the_problem() {
        let error = |e: &dyn Display| e.to_string();
        let e = error(&"nope".parse::<Algorithm>().unwrap_err());
        assert!(e.starts_with(r#"unknown algorithm "nope"; known: bayes, weighted-density, "#), "{e}");
        assert_eq!(error(&"sneaky".parse::<Style>().unwrap_err()), r#"placement "sneaky": expected uniform or hard"#);
        assert_eq!(
            error(&"0".parse::<Level>().unwrap_err()),
            "level: 0 is out of range; levels go from 1 (weakest) to 10 (strongest)"
        );
        assert_eq!(error(&"x".parse::<Level>().unwrap_err()), r#"level "x": invalid digit found in string"#);
        assert_eq!(
            error(&"10by10".parse::<BoardSize>().unwrap_err()),
            r#"size "10by10": expected ROWSxCOLS, e.g. 10x10"#
        );
        assert_eq!(error(&"10xa".parse::<BoardSize>().unwrap_err()), r#"size "10xa": invalid digit found in string"#);
        assert_eq!(error(&"27x3".parse::<BoardSize>().unwrap_err()), "size 27x3: each side must be between 1 and 26");
        assert_eq!(error(&"0x3".parse::<BoardSize>().unwrap_err()), "size 0x3: each side must be between 1 and 26");
        // Through serde, the same messages.
        let e = serde_json::from_str::<Style>(r#""sneaky""#).unwrap_err().to_string();
        assert!(e.starts_with(r#"placement "sneaky": expected uniform or hard"#), "{e}");
        let e = serde_json::from_str::<Level>("11").unwrap_err().to_string();
        assert!(e.starts_with("level: 11 is out of range"), "{e}");
        assert!(serde_json::from_str::<Algorithm>("3").is_err());
    }
}
