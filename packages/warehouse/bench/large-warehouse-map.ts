/**
 * A warehouse grid map (`.map`) of the League of Robot Runners' large warehouse's shape and size,
 * 500 x 140: walls in the corners, rows of 12-cell shelves one cell apart, an aisle row between
 * shelf rows. For benchmarks and the import journey; no public map file is committed.
 */
export function largeWarehouseMapText(width = 500, height = 140): { text: string; shelves: number } {
  const rows: string[] = [];
  const perRow = Math.floor((width - 16) / 13);
  let shelves = 0;
  for (let y = 0; y < height; y++) {
    let row = '';
    const shelfRow = y >= 8 && y < height - 8 && y % 2 === 1;
    if (shelfRow) shelves += perRow;
    for (let x = 0; x < width; x++) {
      const wall = (y < 3 || y >= height - 3) && (x < 4 || x >= width - 4);
      const shelf = shelfRow && x >= 8 && x < 8 + perRow * 13 && (x - 8) % 13 < 12;
      row += wall || shelf ? '@' : '.';
    }
    rows.push(row);
  }
  return { text: `type octile\nheight ${height}\nwidth ${width}\nmap\n${rows.join('\n')}\n`, shelves: shelves + 4 };
}
