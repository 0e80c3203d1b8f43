// Runs this remote alone (`npm run dev -w mf-donor`) with the same props the shell gives it.
import('./dev-bootstrap');
