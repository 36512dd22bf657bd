// The content editor's screens under /admin/content, loaded only when someone opens them, so the
// inbox's first load does not carry the form library.
import { NavLink, Route, Routes } from 'react-router-dom';
import { FileEditor } from './FileEditor';
import { FileListView } from './FileListView';
import { HistoryView, PublishView } from './PublishViews';
import { NewFileView } from './NewFileView';
import { DeleteFileView } from './DeleteFileView';

export default function EditorRoutes() {
  return (
    <>
      <nav aria-label="Content" className="editor-subnav">
        <ul>
          <li>
            <NavLink to="/content" end>
              Files
            </NavLink>
          </li>
          <li>
            <NavLink to="/content/new">New page or article</NavLink>
          </li>
          <li>
            <NavLink to="/content/publish">Publish</NavLink>
          </li>
          <li>
            <NavLink to="/content/history">History</NavLink>
          </li>
        </ul>
      </nav>
      <Routes>
        <Route index element={<FileListView />} />
        <Route path="edit" element={<FileEditor />} />
        <Route path="new" element={<NewFileView />} />
        <Route path="delete" element={<DeleteFileView />} />
        <Route path="publish" element={<PublishView />} />
        <Route path="history" element={<HistoryView />} />
      </Routes>
    </>
  );
}
