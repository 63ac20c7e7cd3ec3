/** Every call of the wire contract, for the OpenAPI docs and the contract-wide tests. */
export * as auth from './auth';
export * as bankBinding from './bank-binding';
export * as complaints from './complaints';
export * as dev from './dev';
export * as home from './home';
export * as legacyRepayment from './legacy-repayment';
export * as officialSite from './official-site';
export * as support from './support';
export * as operatorLoans from './operator-loans';
export * as promotion from './promotion';
export * as repayment from './repayment';
export * as loanDetails from './loan-details';
export * as loanConfirm from './loan-confirm';
export * as loanDisclosure from './loan-disclosure';
export * as loanTerms from './loan-terms';
export * as application from './application';
