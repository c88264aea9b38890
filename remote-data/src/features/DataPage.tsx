import { Link } from 'react-router-dom';
import { ImportSection } from './imports/ImportSection.tsx';
import { DatasetList } from './datasets/DatasetList.tsx';
import { OverlayList } from './overlays/OverlayList.tsx';
import { ImageryServicesSection } from './imageryServices/ImageryServicesSection.tsx';
import './dataPage.css';

/** The administrators' Data page: import a county's file, check it, publish it; manage the data sets, the overlay layers and the imagery services. */
export function DataPage() {
  return (
    <div className="data-page">
      <header className="data-page__header">
        <Link to="/" className="data-page__back">
          ← Map
        </Link>
        <h1>Data</h1>
      </header>
      <main className="data-page__main">
        <ImportSection />
        <DatasetList />
        <OverlayList />
        <ImageryServicesSection />
      </main>
    </div>
  );
}
