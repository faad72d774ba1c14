//! Prints the exact marginals of the empty 10 x 10 board under the no-touch rules for the classic
//! fleet and the ten-ship fleet, as the Rust tables of `src/posterior/prior.rs`:
//! `cargo run --release -p sonar-research --bin no_touch_priors --` (about a minute and 8 GB for the ten ships).

use sonar::Board;
use sonar::Fleet;
use sonar::Rules;
use sonar::count_exact_under;

fn main() {
    for (name, ships) in
        [("NO_TOUCH_CLASSIC_PRIOR", &[5, 4, 3, 3, 2][..]), ("NO_TOUCH_TEN_SHIP_PRIOR", &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1])]
    {
        let fleet = Fleet::new(ships, 10).expect("a valid fleet");
        let p = count_exact_under(&Board::empty(10, 10), &fleet, Rules::NO_TOUCH, u64::MAX)
            .expect("the empty board has layouts");
        println!("// {} layouts", p.layouts);
        println!("pub static {name}: [f64; 100] = [");
        for m in p.marginals() {
            println!("    {m:?},");
        }
        println!("];");
    }
}
