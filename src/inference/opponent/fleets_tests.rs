use super::*;

fn board(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|r| (*r).to_owned()).collect()
}

#[test]
fn a_fleet_board_reads_into_its_layout() {
    let b = board(&["AA..", "....", "B..C", "B..."]);
    let layout = read_fleet(0, &b, 4, 4, false).unwrap();
    assert_eq!(
        layout.ships,
        vec![
            Placement { len: 2, row: 0, col: 0, horizontal: true },
            Placement { len: 2, row: 2, col: 0, horizontal: false },
            Placement { len: 1, row: 2, col: 3, horizontal: true },
        ]
    );
    assert_eq!((layout.rows, layout.cols), (4, 4));
}

#[test]
fn every_fault_names_its_fleet_row_and_column() {
    let read = |rows: &[&str], touching| read_fleet(3, &board(rows), 3, 3, touching).unwrap_err();
    assert_eq!(read(&["...", "..."], true), FleetsError::Rows { fleet: 3, found: 2, expected: 3 });
    assert_eq!(read(&["...", "....", "..."], true), FleetsError::RowLength { fleet: 3, row: 1, found: 4, expected: 3 });
    assert_eq!(read(&["...", ".#.", "..."], true), FleetsError::Character { fleet: 3, row: 1, col: 1, found: '#' });
    assert_eq!(read(&["...", ".é.", "..."], true), FleetsError::Character { fleet: 3, row: 1, col: 1, found: 'é' });
    assert_eq!(read(&["AA.", ".A.", "..."], true), FleetsError::Bent { fleet: 3, row: 1, col: 1, letter: 'A' });
    assert_eq!(read(&["A..", "A..", ".A."], true), FleetsError::Bent { fleet: 3, row: 2, col: 1, letter: 'A' });
    assert_eq!(read(&["A.A", "...", "..."], true), FleetsError::Split { fleet: 3, row: 0, col: 2, letter: 'A' });
    assert_eq!(read(&["A..", "...", "A.."], true), FleetsError::Split { fleet: 3, row: 2, col: 0, letter: 'A' });
    // Touching by a corner, allowed by the classic rules only.
    assert_eq!(read(&["A..", ".B.", "..."], false), FleetsError::Touching { fleet: 3, row: 0, col: 0, a: 'A', b: 'B' });
    assert_eq!(read(&["...", ".AB", "..."], false), FleetsError::Touching { fleet: 3, row: 1, col: 1, a: 'A', b: 'B' });
    assert!(read_fleet(3, &board(&["A..", ".B.", "..."]), 3, 3, true).is_ok());
    assert_eq!(read(&["...", ".AB", "..."], false).location(), (Some(1), Some(1)));
    assert_eq!(read(&["...", ".AB", "..."], false).fleet(), Some(3));
}

#[test]
fn every_fleet_must_be_the_starting_fleet() {
    let fleets = vec![board(&["AA.", "...", "B.."]), board(&["AAA", "...", "B.."])];
    let err = read_fleets(&fleets, 3, 3, None, true).unwrap_err();
    assert_eq!(err, FleetsError::Lengths { fleet: 1, expected: vec![2, 1], missing: vec![2], extra: vec![3] });
    assert!(err.to_string().contains("missing 2, extra 3"), "{err}");
    let err = read_fleets(&fleets[..1], 3, 3, Some(&[2, 2, 1]), true).unwrap_err();
    assert_eq!(err, FleetsError::Lengths { fleet: 0, expected: vec![2, 2, 1], missing: vec![2], extra: vec![] });
    assert!(err.to_string().contains("missing 2, extra none"), "{err}");
    let (layouts, start) = read_fleets(&fleets[..1], 3, 3, None, true).unwrap();
    assert_eq!((layouts.len(), start), (1, vec![2, 1]));
    let too_many = vec![board(&["A"]); MAX_FLEETS + 1];
    assert_eq!(read_fleets(&too_many, 1, 1, None, true), Err(FleetsError::TooMany(MAX_FLEETS + 1)));
    assert_eq!(read_fleets(&too_many[..MAX_FLEETS], 1, 1, None, true).unwrap().0.len(), MAX_FLEETS);
}

#[test]
fn the_starting_fleet_must_hold_the_ships_afloat_and_the_sunk_cells() {
    let afloat = Fleet::new(&[3, 2], 10).unwrap();
    assert_eq!(check_start(&[3, 2], &afloat, 0), Ok(()));
    assert_eq!(check_start(&[4, 3, 2], &afloat, 4), Ok(()));
    assert_eq!(check_start(&[4, 3, 2], &afloat, 3), Err(FleetsError::SunkCells { start: 9, afloat: 5, sunk: 3 }));
    assert_eq!(
        check_start(&[3, 3], &afloat, 1),
        Err(FleetsError::Afloat { start: vec![3, 3], afloat: vec![3, 2], missing: vec![2] })
    );
}
