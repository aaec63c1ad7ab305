"""Records of play: hand records, and the games saved from them."""
