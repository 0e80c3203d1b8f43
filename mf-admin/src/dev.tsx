// Runs this remote alone (`npm run dev -w mf-admin`) with the same props the shell gives it.
import('./dev-bootstrap');
