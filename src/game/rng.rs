//! The one random number generator type every strategy and the simulator draw from.

use rand::SeedableRng;

/// A small, fast generator with a documented, stable stream for a given seed (PCG XSL RR 128/64
/// MCG), so that the same seed gives the same answer on every machine and release.
pub type SonarRng = rand_pcg::Pcg64Mcg;

/// A generator from a seed.
pub fn seeded(seed: u64) -> SonarRng {
    SonarRng::seed_from_u64(seed)
}

/// A seed from the operating system, for requests that give none: below 2^53, so that a client
/// whose numbers are doubles (JavaScript's) can send the answer's seed back exactly.
pub fn fresh_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// A generator for the `index`-th independent job of a run seeded with `seed` (one per game in
/// the simulator), so results do not depend on which thread plays which job.
pub fn stream(seed: u64, index: u64) -> SonarRng {
    // SplitMix64 finaliser over the pair, so neighbouring indices get unrelated seeds.
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    seeded(z ^ (z >> 31))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_are_below_2_to_the_53_and_vary() {
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|_| fresh_seed()).collect();
        assert!(seeds.iter().all(|&s| s < 1 << 53), "{:?}", seeds.last());
        assert!(seeds.len() > 990, "only {} distinct seeds of 1000", seeds.len());
        // The top bits are used: some seed is above 2^52.
        assert!(seeds.iter().any(|&s| s >= 1 << 52));
    }
}
