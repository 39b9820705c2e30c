"""What the benchmark scripts say about the machine they ran on: a timing
means something only with the CPU it was taken on."""


def cpu_model():
    """The CPU's model name from /proc/cpuinfo ("AMD EPYC"), or "unknown CPU"."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"
