//! Citations of the published works the algorithms implement: the `source` that `GET /algorithms`
//! reports for each. docs/algorithms.md, "Sources", gives them in full.

/// The work behind `density`.
pub const MUHAMMAD: &str = "Faiz Ilham Muhammad, \"Greedy Algorithm and String Matching in Battleship Game Strategy \
                            Using Probability Density Matrix\", paper, Institut Teknologi Bandung, c. 2013";

/// The work behind `longest-run`.
pub const STOLL: &str = "Christopher Stoll, \"Battleship AI Algorithm Using Dynamic Programming\", 2012, \
                         https://christopherstoll.org/2012/06/battleship-ai-algorithm-using-dynamic.html";

/// The work behind `strafing`.
pub const RODIN: &str = "E. Y. Rodin et al., \"Developing a strategy for 'Battleship'\", Mathematical and Computer \
                         Modelling 10(2), 145-153, 1988";

/// The work behind `middlemost`.
pub const RLUCINE: &str = "rlucine, \"Battleship AI\", https://github.com/rlucine/battleship";

/// The work behind `density-flood` and `random-flood`.
pub const AWCULL: &str =
    "\"Battleship using Density Grid\", awcull.com, 2015, https://www.awcull.com/2015/08/07/Battleship-Density.html";
