//! The board's text, labels and sizes.

use crate::game::board::*;
use crate::game::text::round_trips;

#[test]
fn board_sizes_are_written_rows_x_cols() {
    round_trips(BoardSize::CLASSIC, "10x10", r#""10x10""#);
    round_trips(BoardSize { rows: 26, cols: 1 }, "26x1", r#""26x1""#);
    assert_eq!(" 7 X 8 ".parse::<BoardSize>().unwrap(), BoardSize { rows: 7, cols: 8 });
    let error = |text: &str| text.parse::<BoardSize>().unwrap_err().to_string();
    assert_eq!(error("10by10"), r#"size "10by10": expected ROWSxCOLS, e.g. 10x10"#);
    assert_eq!(error("10xa"), r#"size "10xa": invalid digit found in string"#);
    assert_eq!(error("27x3"), "size 27x3: each side must be between 1 and 26");
    assert_eq!(error("0x3"), "size 0x3: each side must be between 1 and 26");
}

#[test]
fn parses_and_prints_back() {
    let rows = ["..o", "x#.", "..."];
    let b = Board::parse(&rows).unwrap();
    assert_eq!((b.rows(), b.cols()), (3, 3));
    assert_eq!(b.get(Pos::new(1, 0)), Cell::Hit);
    assert_eq!(b.get(Pos::new(1, 1)), Cell::Sunk);
    assert_eq!(b.to_rows(), rows);
}

#[test]
fn names_the_bad_cell() {
    let err = Board::parse(&["...", ".X."]).unwrap_err();
    assert_eq!(err, BoardError::BadCell { row: 1, col: 1, found: 'X' });
    assert!(err.to_string().contains("board[1][1]"), "{err}");
    assert!(err.to_string().contains("B2"), "{err}");
}

#[test]
fn rejects_bad_shapes() {
    assert_eq!(Board::parse::<&str>(&[]).unwrap_err(), BoardError::RowCount(0));
    assert_eq!(Board::parse(&vec!["."; 27]).unwrap_err(), BoardError::RowCount(27));
    assert_eq!(Board::parse(&["..", "."]).unwrap_err(), BoardError::Ragged { row: 1, len: 1, expected: 2 });
    assert_eq!(Board::parse(&[""]).unwrap_err(), BoardError::ColumnCount { row: 0, len: 0 });
    let wide = ".".repeat(27);
    assert_eq!(Board::parse(&[wide]).unwrap_err(), BoardError::ColumnCount { row: 0, len: 27 });
}

#[test]
fn labels_round_trip() {
    assert_eq!(Pos::new(4, 5).label(), "E6");
    assert_eq!(Pos::new(25, 25).label(), "Z26");
    assert_eq!(Pos::from_label("E6"), Some(Pos::new(4, 5)));
    assert_eq!(Pos::from_label("e10"), Some(Pos::new(4, 9)));
    assert_eq!(Pos::from_label("E0"), None);
}

#[test]
fn neighbours_stay_on_board() {
    let b = Board::empty(3, 4);
    let n: Vec<_> = b.neighbours(Pos::new(0, 0)).collect();
    assert_eq!(n, vec![Pos::new(0, 1), Pos::new(1, 0)]);
    assert_eq!(b.neighbours(Pos::new(1, 1)).count(), 4);
}
