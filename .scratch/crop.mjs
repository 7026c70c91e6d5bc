import sharp from 'sharp';
await sharp('.scratch/gm-desk-others-ruler.png').extract({ left: 700, top: 420, width: 200, height: 120 }).resize(600, 360).toFile('.scratch/crop.png');
