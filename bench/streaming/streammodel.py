"""What the streaming fit scripts share: the rows per chunk that a
streaming group walks by default, as tuning/ counts them
(transforms/SpatialBlocking.cpp, streamChunk), the reading of the
kernel times that bench/c-output prints, and tilec's own choice under a
profile with figures changed."""
import json
import os
import subprocess


def chunk(t):
    """16 T rounded up to a power of two; 16 rows with one step."""
    c = 8
    while c < 16 * t:
        c *= 2
    return 16 if t == 1 else c


def kernel_times(path, prefixes):
    """The `NAME: kernel time X ms` lines of a bench/c-output log (run.sh's
    results, passes.sh's `pass N NAME: ...`) whose NAME starts with one of
    `prefixes`: (NAME, X) pairs, in the file's order."""
    for line in open(path):
        f = [x.rstrip(':') for x in line.split()
             if x not in ('kernel', 'time', 'ms')]
        if len(f) >= 2 and f[0].startswith(prefixes):
            yield f[0], f[1]


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def h200_profile():
    """The shipped h200 profile, parsed: the base the fit scripts change
    figures of."""
    with open(os.path.join(ROOT, 'translator/profiles/h200.json')) as f:
        return json.load(f)


def write_profile(base, figures, path):
    """Writes the parsed profile `base` to `path` with `figures` (name ->
    value) set, a value of None dropping the figure."""
    profile = json.loads(json.dumps(base))
    for name, value in figures.items():
        profile['figures'].pop(name, None)
        if value is not None:
            profile['figures'][name] = {'value': value, 'source': 'measured'}
    with open(path, 'w') as out:
        json.dump(profile, out)


def chosen_vector(tilec, profile, source, args, workdir):
    """The vector `tilec --dump-params` chooses for `source` (with the
    further tilec arguments `args`) under the profile file `profile`, as a
    list of its numbers' texts."""
    run = subprocess.run(
        [tilec, '--target=cuda', '--device=' + profile, '--dump-params',
         '-o', os.path.join(workdir, 'out'), source] + args,
        capture_output=True, text=True, check=True)
    return [x for x in run.stdout.split('\n')
            if x and not x.startswith('#')][0].split(',')
