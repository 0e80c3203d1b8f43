// The runtime part (method, path, paged) of the catalog's routes: what a browser needs to call
// them. The full declarations in ../catalog.ts spread these, so each path is written once.
export const createMedicine = { method: 'post', path: '/api/medicines' } as const;
export const browseMedicines = { method: 'get', path: '/api/medicines', paged: true } as const;
export const myMedicines = { method: 'get', path: '/api/medicines/my', paged: true } as const;
export const myMedicineSummary = { method: 'get', path: '/api/medicines/my/summary' } as const;
export const expiringMedicines = { method: 'get', path: '/api/medicines/expiring', paged: true } as const;
export const medicine = { method: 'get', path: '/api/medicines/:id' } as const;
export const updateMedicine = { method: 'put', path: '/api/medicines/:id' } as const;
export const unlistMedicine = { method: 'delete', path: '/api/medicines/:id' } as const;
export const uploadMedicinePhoto = { method: 'put', path: '/api/medicines/:id/image' } as const;
export const removeMedicinePhoto = { method: 'delete', path: '/api/medicines/:id/image' } as const;
export const medicinePhoto = { method: 'get', path: '/api/medicines/photos/:key/:size' } as const;
export const allMedicines = { method: 'get', path: '/api/admin/all-medicines', paged: true } as const;
export const medicineStats = { method: 'get', path: '/api/admin/all-medicines/stats' } as const;
export const medicineActivity = { method: 'get', path: '/api/admin/all-medicines/activity' } as const;
export const unlistMedicineByAdmin = { method: 'put', path: '/api/admin/all-medicines/:id/unlist' } as const;
export const runExpiryScan = { method: 'post', path: '/api/admin/expiry-scan' } as const;
export const product = { method: 'get', path: '/api/products/:gtin' } as const;
export const products = { method: 'get', path: '/api/admin/products', paged: true } as const;
export const correctProduct = { method: 'put', path: '/api/admin/products/:gtin' } as const;
export const issueRecall = { method: 'post', path: '/api/admin/recalls' } as const;
export const previewRecall = { method: 'post', path: '/api/admin/recalls/preview' } as const;
export const recalls = { method: 'get', path: '/api/admin/recalls', paged: true } as const;
export const liftRecall = { method: 'delete', path: '/api/admin/recalls/:id' } as const;
export const batchRecall = { method: 'get', path: '/api/products/:gtin/recall' } as const;
