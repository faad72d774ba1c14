# Build: docker build -t sonar .
# Run:   docker run --rm -p 8080:8080 sonar
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# The shipped binary carries no line tables: the release profile's line tables (for backtraces
# with file and line in development) are most of its size. Symbols stay, so a backtrace still names
# its functions.
RUN cargo build --release --locked --bin sonar \
    --config 'profile.release.debug=false' --config 'profile.release.strip="debuginfo"'

FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/target/release/sonar /usr/local/bin/sonar
ENV SONAR_BIND=0.0.0.0:8080
EXPOSE 8080
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/sonar"]
CMD ["serve"]
