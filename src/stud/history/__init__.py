"""Hand histories: PHH files and readable text."""
