"""Reports, not tests: each module prints figures (`python -m benchmarks.<name>`)."""
