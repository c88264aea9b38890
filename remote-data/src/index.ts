// Async boundary: shared modules must be negotiated before anything imports React (MF_NOTES §7.1).
import('./bootstrap.tsx');
