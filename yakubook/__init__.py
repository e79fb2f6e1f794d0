"""The yakubook command line: a thin composition root over extract, render and yaku."""
