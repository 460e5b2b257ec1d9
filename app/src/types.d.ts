// cm-chessboard is plain JavaScript with no types of its own: the modules the app imports, as
// `any` (board.js and overlay.js say how they use them).
declare module 'cm-chessboard/src/Chessboard.js';
declare module 'cm-chessboard/src/model/Extension.js';
declare module 'cm-chessboard/src/extensions/markers/Markers.js';
declare module 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
declare module 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
