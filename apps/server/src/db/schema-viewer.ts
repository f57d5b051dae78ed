// Report viewer tables (issue 4): access keys, device verification, access log.
export {};
