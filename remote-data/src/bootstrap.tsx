// Standalone page of the remote: shows what it exposes is alive. The product runs it inside the host.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>remote_data: DataPage</p>);
