import XCTest
@testable import BowlerTraxKit

/// The lane's two edges fitted to the steps the edge walk found on each row (`LaneFinder.edges`).
final class LaneEdgeStepsTests: XCTestCase {
    /// A real phone clip (upright, 1080x1920, at chest height behind the bowler): every fourth row's steps, (row,
    /// column), as the walk found them along the bowled lane, the near row at 1350 (the foul line). Below it lies the
    /// approach: the left walk found its seams there (on 294 rows, far off where the lane's edge would run), almost as
    /// many steps as on the lane above (375). By hand the lane's corners are at (327, 1350) and (720, 1350)
    /// on the foul line, (559, 1019) and (649, 1019) at the head pin's row.
    static let phoneLefts = steps(
        "1915:32.0 1911:32.0 1907:32.0 1903:32.0 1899:31.9 1895:32.0 1891:32.0 1887:32.1 1883:32.0 1879:31.8 ",
        "1875:31.9 1871:31.9 1867:31.9 1863:32.0 1859:32.1 1854:67.6 1850:68.1 1846:68.0 1842:68.2 1838:68.3 ",
        "1834:68.4 1830:69.4 1826:69.5 1822:69.3 1818:70.0 1814:69.6 1810:70.0 1806:70.1 1802:71.5 1798:71.0 ",
        "1794:71.1 1790:72.5 1786:72.2 1782:72.5 1778:72.3 1774:72.1 1770:71.9 1766:72.2 1762:72.0 1758:72.1 ",
        "1754:73.9 1750:73.9 1746:73.9 1742:73.8 1738:73.9 1734:74.1 1730:74.2 1726:74.0 1722:74.2 1718:74.1 ",
        "1714:74.0 1710:73.9 1706:73.8 1702:73.9 1698:74.4 1694:74.2 1690:74.2 1686:74.2 1682:74.3 1678:74.1 ",
        "1674:74.1 1670:71.7 1666:71.7 1662:73.5 1658:74.1 1654:72.5 1650:72.5 1646:73.9 1642:73.9 1638:74.0 ",
        "1634:74.0 1630:74.0 1626:74.2 1622:74.9 1348:326.0 1344:328.0 1340:330.1 1336:333.9 1332:335.9 1328:341.0 ",
        "1324:343.8 1320:348.0 1316:348.0 1312:351.5 1308:354.0 1304:356.2 1300:358.0 1296:361.5 1292:366.0 ",
        "1288:368.2 1284:370.2 1280:374.0 1276:377.0 1272:377.8 1268:378.0 1264:382.0 1260:390.0 1256:391.9 ",
        "1252:394.1 1248:396.2 1244:398.0 1240:400.0 1236:403.0 1232:406.5 1228:414.0 1224:416.5 1220:414.2 ",
        "1216:422.2 1212:425.0 1208:427.6 1204:430.5 1200:433.3 1196:436.0 1192:439.0 1188:441.0 1184:444.0 ",
        "1180:436.8 1176:449.7 1172:452.5 1168:456.1 1164:458.8 1160:461.6 1156:463.9 1152:467.5 1148:470.0 ",
        "1144:473.6 1140:476.0 1136:479.0 1132:480.0 1128:482.0 1124:485.5 1120:486.0 1116:487.9 1112:488.5 ",
        "1108:494.2 1104:493.0 1100:496.5 1096:500.0 1092:506.0 1088:508.0 1084:510.0 1080:511.8 1076:516.0 ",
        "1072:517.8 1068:522.0 1064:524.0 1060:528.0 1056:530.0 1052:528.0 1048:532.0 1044:533.0 1040:534.5 ",
        "1036:542.0 1032:548.0 1028:548.0 1024:550.1 1020:556.5 1016:563.9 1012:562.9 1008:561.5 1004:562.0 ",
        "1000:575.8 996:576.7 992:576.6 988:576.0 984:578.1 935:619.0 929:622.0 ",
    )
    static let phoneRights = steps(
        "1359:741.4 1355:737.8 1351:729.5 1347:725.9 1343:723.9 1339:724.0 1335:722.0 1331:721.6 1327:719.9 ",
        "1323:718.0 1319:718.0 1315:718.0 1311:716.1 1307:716.0 1303:714.5 1299:714.0 1295:712.0 1291:712.0 ",
        "1287:712.0 1283:710.0 1279:709.5 1275:708.0 1271:708.0 1267:708.0 1263:707.5 1259:704.0 1255:706.1 ",
        "1251:705.5 1247:702.0 1243:700.5 1239:700.0 1235:703.0 1231:702.0 1227:696.5 1223:700.0 1219:694.8 ",
        "1215:694.7 1211:693.9 1207:692.5 1203:691.5 1199:691.0 1195:690.0 1191:689.0 1187:688.0 1183:687.0 ",
        "1179:687.0 1175:686.1 1171:685.0 1167:684.2 1163:683.3 1159:682.5 1155:681.5 1151:680.0 1147:682.0 ",
        "1143:682.0 1139:682.0 1135:682.0 1131:680.0 1127:679.8 1123:678.0 1119:675.9 1115:684.0 1111:674.0 ",
        "1107:677.8 1103:672.1 1099:671.7 1095:670.0 1091:669.9 1087:667.9 1083:668.0 1079:669.5 1075:669.9 ",
        "1071:665.8 1067:666.0 1063:664.0 1059:662.0 1055:662.0 1051:660.0 1047:662.0 1043:661.9 1039:660.1 ",
        "1033:662.0 1029:656.0 1023:654.1 1019:651.0 1015:648.5 1011:648.6 1007:649.8 1003:636.0 999:648.2 991:637.8 ",
        "987:634.5 983:641.2 932:626.0 ",
    )

    static func steps(_ text: String...) -> [(Double, Double)] {
        text.joined().split(separator: " ").map { step in
            let parts = step.split(separator: ":").compactMap { Double($0) }
            return (parts[0] + 0.5, parts[1])
        }
    }

    func testTheApproachBelowTheFoulLineDoesNotTurnTheLaneAway() throws {
        let allRows = LaneFinder.robustLine(Self.phoneLefts)
        XCTAssertLessThan(allRows?.count ?? 0, 20, "fitted over every row, the left edge holds too few of them: the lane was turned down")
        let edges = try XCTUnwrap(LaneFinder.edges(lefts: Self.phoneLefts, rights: Self.phoneRights, nearY: 1350))
        // Within a board of the hand marks at the foul line (10 px), within the 2 boards `calibrate --auto` allows its
        // edges at the head pin's row, where a board is 2.3 px and the marks were clicked on a blurred edge.
        for (row, boards, left, right) in [(1350.0, 1.0, 327.0, 720.0), (1019.0, 2.0, 559.0, 649.0)] {
            let board = (right - left) / 39
            XCTAssertEqual(edges.left.at(row), left, accuracy: boards * board, "the left edge at row \(row)")
            XCTAssertEqual(edges.right.at(row), right, accuracy: boards * board, "the right edge at row \(row)")
        }
    }

    /// A TV camera: the bowler hides the foul line's row, so the near row is found higher up, and the rows below it
    /// still carry the lane's edges. All of them are fitted.
    func testTheLaneBelowTheNearRowIsFittedToo() throws {
        let left = (0..<200).map { row in (Double(row) + 0.5, 300 - 0.5 * Double(row)) }
        let right = (0..<200).map { row in (Double(row) + 0.5, 400 + 0.5 * Double(row)) }
        let edges = try XCTUnwrap(LaneFinder.edges(lefts: left, rights: right, nearY: 120))
        XCTAssertEqual(edges.left.count, 200)
        XCTAssertEqual(edges.right.count, 200)
    }
}
