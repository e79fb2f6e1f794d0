import hashlib
import tomllib

SHARED_SUMS = "sources/SHA256SUMS"


def test_sources_are_byte_identical_to_what_was_received(root):
    sums = {}
    for line in (root / SHARED_SUMS).read_text().splitlines():
        digest, name = line.split()
        sums[name] = digest
    assert len(sums) == 4
    for name, digest in sums.items():
        assert hashlib.sha256((root / "sources" / name).read_bytes()).hexdigest() == digest
    shared = root.parent / "shared" / "sources"
    if shared.exists():  # beside the checkout here and in CI
        for name in sums:
            assert (shared / name).read_bytes() == (root / "sources" / name).read_bytes()


def test_manifest_lists_every_chapter_with_its_hash(root):
    manifest = tomllib.loads((root / "sources" / "manifest.toml").read_text(encoding="utf-8"))
    files = {c["file"]: c for c in manifest["chapter"]}
    assert set(files) == {p.name for p in (root / "sources").glob("*.txt")}
    for name, ch in files.items():
        digest = hashlib.sha256((root / "sources" / name).read_bytes()).hexdigest()
        assert ch["sha256"] == digest
        assert ch["title"] and ch["sections"] and ch["script"] in ("Hant", "Hans")
    covered = sorted(s for c in files.values() for s in c["sections"])
    assert covered == [f"3-{n:02d}" for n in range(2, 17)]
