"""sources -> catalog: repair, clean, normalize, parse, values (pure stages) and the build."""
