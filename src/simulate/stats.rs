//! Summary statistics of many games, and the paired difference between two algorithms.

/// Mean, spread and order statistics of a sample of shot counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    /// Sample standard deviation (n - 1 in the denominator).
    pub sd: f64,
    /// Half-width of the 95% confidence interval of the mean (1.96 standard errors).
    pub ci95: f64,
    pub median: f64,
    /// 95th percentile (nearest rank).
    pub p95: f64,
    pub min: f64,
    pub max: f64,
}

impl Summary {
    /// Summarises a non-empty sample.
    pub fn of(values: &[f64]) -> Summary {
        let n = values.len();
        assert!(n > 0, "cannot summarise an empty sample");
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
        let sd = var.sqrt();
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Summary {
            n,
            mean,
            sd,
            ci95: 1.96 * sd / (n as f64).sqrt(),
            median: median(&sorted),
            p95: percentile(&sorted, 0.95),
            min: sorted[0],
            max: sorted[n - 1],
        }
    }

    /// Whether `value` lies within the 95% interval of the mean.
    pub fn interval_contains(&self, value: f64) -> bool {
        (self.mean - value).abs() <= self.ci95
    }
}

/// The median of a sorted, non-empty sample (the mean of the two middle values when even).
pub fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 }
}

/// The `p`-quantile (0 < p <= 1) of a sorted, non-empty sample, by nearest rank.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    let n = sorted.len();
    sorted[((p * n as f64).ceil() as usize).clamp(1, n) - 1]
}

/// A line of per-move times in milliseconds (sorted in place): how many, p50, p90, p99 and the
/// largest, as the research programs' timings print them (`research/`).
pub fn per_move_line(ms: &mut [f64]) -> String {
    ms.sort_by(f64::total_cmp);
    format!(
        "per move (n={}) p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        ms.len(),
        percentile(ms, 0.5),
        percentile(ms, 0.9),
        percentile(ms, 0.99),
        percentile(ms, 1.0)
    )
}

/// The paired difference `b - a` over the same games: mean and 95% interval half-width.
pub fn paired_difference(a: &[f64], b: &[f64]) -> Summary {
    assert_eq!(a.len(), b.len(), "paired samples have the same length");
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
    Summary::of(&d)
}

/// Expected shots for a random shooter: the last of `k` ship cells among `n` cells, in random
/// order, comes at position k(n+1)/(k+1) on average (95.39 for the classic 17 of 100).
pub fn random_expectation(cells: usize, ship_cells: usize) -> f64 {
    ship_cells as f64 * (cells as f64 + 1.0) / (ship_cells as f64 + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarises_a_known_sample() {
        let s = Summary::of(&[1.0, 2.0, 3.0, 4.0, 10.0]);
        assert_eq!(s.mean, 4.0);
        assert_eq!(s.median, 3.0);
        assert_eq!((s.min, s.max, s.p95), (1.0, 10.0, 10.0));
        assert!((s.sd - 12.5f64.sqrt()).abs() < 1e-12);
        assert!((s.ci95 - 1.96 * 12.5f64.sqrt() / 5f64.sqrt()).abs() < 1e-12);
        assert_eq!(Summary::of(&[2.0, 4.0]).median, 3.0);
    }

    #[test]
    fn paired_difference_is_b_minus_a() {
        let d = paired_difference(&[10.0, 20.0, 30.0], &[9.0, 18.0, 27.0]);
        assert_eq!(d.mean, -2.0);
        assert_eq!(d.n, 3);
    }

    #[test]
    fn random_shooter_expectation() {
        assert!((random_expectation(100, 17) - 17.0 * 101.0 / 18.0).abs() < 1e-12);
        assert!((random_expectation(100, 17) - 95.39).abs() < 0.01);
    }
}
