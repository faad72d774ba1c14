//! Compute time of every algorithm on the fixed corpus of realistic boards (the same code path the
//! service's `sonar_recommend_duration_seconds` measures): `cargo bench -p sonar-research`.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use sonar::simulate::corpus;
use sonar::{Algorithm, Deadline, Seat, Weakened, seeded};

fn algorithms(c: &mut Criterion) {
    let boards = corpus(1);
    for &algorithm in Algorithm::ALL {
        let seat = Seat::new(Weakened::full(algorithm));
        let mut group = c.benchmark_group(algorithm.name());
        group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(20);
        for sample in &boards {
            group.bench_with_input(BenchmarkId::from_parameter(sample.kind), sample, |b, s| {
                b.iter(|| {
                    seat.play(&s.board, &s.fleet, None, &mut seeded(1), 0, Deadline::NONE).expect("corpus boards agree")
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, algorithms);
criterion_main!(benches);
