// Next.js: nothing for mainline-chess.
export default {};
