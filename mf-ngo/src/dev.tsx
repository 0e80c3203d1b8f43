// Runs this remote alone (`npm run dev -w mf-ngo`) with the same props the shell gives it.
import('./dev-bootstrap');
