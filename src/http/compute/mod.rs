//! Heavy work: the bound on compute-heavy requests and the threads they run on, off the ones that
//! answer HTTP. The handlers of `POST /recommend`, `/placement` and `/opponent` use both.
//!
//! - [`admission`]: how many heavy requests may run or wait at once, past which they get 503.
//! - [`pool`]: the batch-scheduled threads heavy requests run on, each within its deadline, planning
//!   jobs first.
//! - [`policy`]: whether computations are held to the clock, and what an over-budget planning
//!   request gets.
//! - [`promise`]: whether a planning request can start in time to keep its promise, given the work
//!   on the pool.

pub mod admission;
pub mod policy;
pub mod pool;
pub mod promise;
