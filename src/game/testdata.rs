//! Known-answer tables for the unit tests, kept as text files under `data/` (each says where
//! its figures come from), and the tiny parser that reads them.
//!
//! The format: `#` starts a comment line; blank lines are skipped; `[name]` starts a table; every
//! other line is one row of the current table, its numbers separated by spaces.

use std::fmt::Debug;
use std::str::FromStr;

/// Figs. 5, 8, 12, 13 and 14 of Rodin et al. (1988): placements over each cell of the empty board.
pub const RODIN_1988: &str = include_str!("../../data/rodin_1988.txt");

/// Layouts of two fleets on the empty 10 x 10 board under the no-touch rules, and the occupancy
/// of rows 0 and 4, as the independent counter `tools/count_no_touch.py` prints them.
pub const NO_TOUCH_COUNTS: &str = include_str!("../../data/no_touch_counts.txt");

/// The rows of the table `[name]` in `text`, each parsed as numbers of type `T`.
pub fn table<T: FromStr>(text: &str, name: &str) -> Vec<Vec<T>>
where
    T::Err: Debug,
{
    let header = format!("[{name}]");
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    assert!(lines.any(|l| l == header), "no table {header}");
    lines
        .take_while(|l| !l.starts_with('['))
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap_or_else(|e| panic!("{header}: {n:?}: {e:?}"))).collect())
        .collect()
}

/// The table `[name]` in `text` as one row-major list.
pub fn grid<T: FromStr>(text: &str, name: &str) -> Vec<T>
where
    T::Err: Debug,
{
    table(text, name).into_iter().flatten().collect()
}

mod tests {
    use super::*;

    #[test]
    fn reads_tables_by_name_skipping_comments() {
        let text = "# about\n[a]\n1 2\n\n# note\n3 4\n[b]\n5\n";
        assert_eq!(table::<u32>(text, "a"), vec![vec![1, 2], vec![3, 4]]);
        assert_eq!(grid::<u32>(text, "b"), vec![5]);
    }

    #[test]
    fn every_table_of_the_files_is_rectangular() {
        for text in [RODIN_1988, NO_TOUCH_COUNTS] {
            let names = text.lines().filter_map(|l| l.trim().strip_prefix('[')?.strip_suffix(']'));
            for name in names {
                let rows = table::<u128>(text, name);
                assert!(!rows.is_empty() && rows.iter().all(|r| r.len() == rows[0].len()), "[{name}]");
            }
        }
    }
}
