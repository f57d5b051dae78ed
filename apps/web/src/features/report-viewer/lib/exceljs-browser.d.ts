/**
 * exceljs's browser build without its polyfills (the app's es2022 target needs none); the types are those of
 * the package's main entry.
 */
declare module 'exceljs/dist/exceljs.bare.min.js' {
  import * as ExcelJS from 'exceljs';
  export default ExcelJS;
}
