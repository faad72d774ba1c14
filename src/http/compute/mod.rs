//! Heavy work: the bound on compute-heavy requests and the threads they run on, off the ones that
//! answer HTTP. The handlers of `POST /recommend`, `/placement` and `/opponent` use both.
//!
//! - [`admission`]: how many heavy requests may run or wait at once, past which they get 503.
//! - [`pool`]: the low-priority threads heavy requests run on, each within its deadline.

pub mod admission;
pub mod pool;
