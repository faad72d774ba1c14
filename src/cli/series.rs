//! `sonar simulate series` and `series-merge`: the repeated game's options.

use std::path::PathBuf;

use clap::Args;
use sonar::simulate::{Hider, Player, SeriesConfig, SeriesOptions, Shard, Simulate, UnknownHider};
use sonar::{Rules, RulesError};

use super::{GameArgs, algorithm_list};

/// `sonar simulate series`.
#[derive(Debug, Args, Clone)]
pub struct SeriesArgs {
    /// Comma-separated shooters (algorithm names, each with its own budget `bayes@100` if wanted).
    #[arg(long, default_value = "bayes", value_parser = algorithm_list)]
    pub algorithm: ::std::vec::Vec<Player>,
    /// Comma-separated hiders: `adaptive` (the service's; or `adaptive:B`, B the bound of a cell's
    /// log weight, default 3; or `adaptive:B:T`, T the weight of each touching cell pair where the
    /// player does not avoid the ships found, default 0.5, 1 for no lean apart) or a placement
    /// (`uniform`, `hard`, `edge:θ`, ...). The first is the baseline of the paired differences.
    #[arg(long, default_value = "uniform,hard,adaptive", value_parser = hider_list)]
    pub hiders: ::std::vec::Vec<Hider>,
    /// Series per shooter and hider.
    #[arg(long, default_value_t = 40)]
    pub series: usize,
    /// Games in a series.
    #[arg(long, default_value_t = 70)]
    pub length: usize,
    /// Games at the start of each series left out of the report.
    #[arg(long, default_value_t = 20)]
    pub warmup: usize,
    /// The shooter fits a model of the hider from at most N earlier fleets of the series.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub learn: usize,
    #[command(flatten)]
    pub game: GameArgs,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write one CSV row per game to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Play only the series whose index is K modulo N, and print their games as CSV instead of
    /// the report; `sonar simulate series-merge` reports the N outputs together.
    #[arg(long, value_name = "K/N", conflicts_with = "csv")]
    pub shard: Option<Shard>,
}

/// `sonar simulate series-merge`.
#[derive(Debug, Args, Clone)]
pub struct SeriesMergeArgs {
    /// The CSV output of every shard, once each.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Games at the start of each series left out of the report.
    #[arg(long, default_value_t = 20)]
    pub warmup: usize,
}

impl SeriesArgs {
    /// What the library's simulator is asked to do.
    pub fn simulate(self) -> Result<Simulate, RulesError> {
        let config = SeriesConfig {
            shooters: self.algorithm,
            hiders: self.hiders,
            series: self.series,
            length: self.length,
            warmup: self.warmup,
            seed: self.game.seed,
            size: self.game.size,
            ships: self.game.ships,
            rules: Rules::new(!self.game.no_touch, 1)?,
            budget_ms: self.game.budget_ms,
            learn: self.learn,
        };
        Ok(Simulate::Series(SeriesOptions { config, threads: self.threads, csv: self.csv, shard: self.shard }))
    }
}

/// `--hiders`: comma-separated hiders.
pub fn hider_list(list: &str) -> Result<Vec<Hider>, UnknownHider> {
    list.split(',').map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;
    use sonar::Habit;

    #[test]
    fn series_options_parse() {
        let cli = Cli::try_parse_from(
            "sonar simulate series --algorithm strafing,bayes@30 --hiders uniform,hard:4,adaptive:2 --series 3 --length 9 --warmup 4 --learn 5 --no-touch"
                .split(' '),
        )
        .unwrap();
        let Some(Command::Simulate(simulate)) = cli.command else { panic!("simulate") };
        let Simulate::Series(options) = simulate.simulate().unwrap() else { panic!("a series") };
        let c = options.config;
        assert_eq!(c.shooters.len(), 2);
        assert_eq!(
            c.hiders,
            vec![
                Hider::Habit(Habit::Uniform),
                Hider::Habit(Habit::HardOf(4)),
                Hider::Adaptive(sonar::Hiding::SERVICE.with_bound(2.0))
            ]
        );
        assert_eq!((c.series, c.length, c.warmup, c.learn, c.rules.touching), (3, 9, 4, 5, false));
        for bad in ["adaptive:0", "adaptive:5", "adaptive:x", "sneaky"] {
            let args = ["sonar", "simulate", "series", "--hiders", bad];
            assert!(Cli::try_parse_from(args).is_err(), "{bad}");
        }
    }
}
