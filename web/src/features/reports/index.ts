export { ReportDialogHost } from './components/report-dialog-host';
